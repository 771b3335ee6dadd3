/**
 * The path of every endpoint, without the schemas: the web's first download needs the paths but
 * not zod. endpoints.ts builds the full table on these.
 */
export const endpointPaths = {
  countryList: '/api/country/list',
  captchaImage: '/api/captcha/image',
  userRegister: '/api/app/user/userRegister',
  login: '/api/app/user/login',
  logout: '/api/app/user/logout',
  forgotPassword: '/api/app/user/forgotPassword',
  noLoginSend: '/api/app/user/noLoginSend',
  loginSend: '/api/app/user/loginSend',
  userInfo: '/api/app/user/userInfo',
  updatePassWord: '/api/app/user/updatePassWord',
  updateTransactionPassword: '/api/app/user/updateTransactionPassword',
  forgotTransactionPassword: '/api/app/user/forgotTransactionPassword',
  levelList: '/api/app/user/levelList',
  coinList: '/api/app/user/coinList',
  updateAgreeStatus: '/api/app/user/updateAgreeStatus',
  assetsList: '/api/app/assets/assetsList',
  packageConfig: '/api/app/insurance/packageConfig',
} as const;
