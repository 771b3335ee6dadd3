/** The one table of paths (hash routes under /admin/). Links and the router both read it. */
export const paths = {
  root: '/',
  login: '/login',
  dashboard: '/dashboard',
  reviews: '/reviews',
  reviewQueue: (queue: string) => `/reviews/${encodeURIComponent(queue)}`,
  payouts: '/payouts',
  members: '/members',
  member: (memberId: string) => `/members/${encodeURIComponent(memberId)}`,
  config: '/config',
  audit: '/audit',
  apiReference: '/api-reference',
  staff: '/staff',
  jobs: '/jobs',
  packages: '/packages',
  plan: '/plan',
  content: '/content',
  /** Live support chat (decision 024). */
  support: '/support',
  /** Finance: the books and the bank reconciliation (decisions 090, 091). */
  books: '/finance/books',
  reconciliation: '/finance/reconciliation',
} as const;
