/** The one table of paths (spec section 2). Links and the router both read it. */
export const paths = {
  root: '/',
  dashboard: '/index',
  userInfo: '/user-info',
  package: '/package',
  records: '/records',
  recharge: '/recharge',
  withdraw: '/withdraw',
  inviteTree: '/invite-tree',
  settings: '/setting',
  /** The member security centre (decision 010). */
  security: '/setting/security',
  terms: '/terms',
  notification: '/notification',
  details: '/details',
  code: '/code',
  equity: '/equity',
  transfer: '/transfer',
  /** The compensation plan chart and the ranking (decision 022). */
  plan: '/plan',
  ranking: '/ranking',
  /** The proof of liabilities: the member's own leaf and path (decision 088). */
  proof: '/proof',
  /** Content (decision 023): one announcement is /announcement/:id. */
  announcement: '/announcement',
  whitePaper: '/white-paper',
  /** The help centre: the FAQ staff write, searchable (the `helpCentre` document). */
  help: '/help',
  /** The built-in game (decision 024). */
  game: '/game',
  login: '/login',
  register: '/register',
  forgot: '/forgot',
  termsReg: '/terms/reg',
  notFound: '/404',
  /** The published proof of liabilities, open to anyone when staff publish it (decision 088). */
  proofPublic: '/liabilities',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Open without a session token (spec section 2: Login, Register, ForgotPassword, TermsReg, 404). */
export const publicPaths: readonly AppPath[] = [paths.login, paths.register, paths.forgot, paths.termsReg, paths.notFound, paths.proofPublic];

/** Need a session token. */
export const memberPaths: readonly AppPath[] = Object.values(paths).filter((p) => !publicPaths.includes(p));
