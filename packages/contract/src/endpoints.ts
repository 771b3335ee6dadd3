import { z } from 'zod';
import * as a from './accounts.ts';

/**
 * Every API endpoint, declared once. The server registers routes from this table and validates
 * bodies and answers with these schemas; the web client types its calls from it.
 * `auth`: 'member' needs a member session, 'public' does not.
 */
function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  path: string,
  auth: 'public' | 'member',
  request: Req,
  response: Res,
) {
  return { path, auth, request, response } as const;
}

export const endpoints = {
  countryList: endpoint('/api/country/list', 'public', a.empty, a.countryList),
  captchaImage: endpoint('/api/captcha/image', 'public', a.empty, a.captchaResponse),
  userRegister: endpoint('/api/app/user/userRegister', 'public', a.registerRequest, a.ok),
  login: endpoint('/api/app/user/login', 'public', a.loginRequest, a.loginResponse),
  logout: endpoint('/api/app/user/logout', 'member', a.empty, a.ok),
  forgotPassword: endpoint('/api/app/user/forgotPassword', 'public', a.forgotPasswordRequest, a.ok),
  noLoginSend: endpoint('/api/app/user/noLoginSend', 'public', a.noLoginSendRequest, a.codeSentResponse),
  loginSend: endpoint('/api/app/user/loginSend', 'member', a.loginSendRequest, a.codeSentResponse),
  userInfo: endpoint('/api/app/user/userInfo', 'member', a.empty, a.userInfo),
  updatePassWord: endpoint('/api/app/user/updatePassWord', 'member', a.updatePasswordRequest, a.ok),
  updateTransactionPassword: endpoint(
    '/api/app/user/updateTransactionPassword',
    'member',
    a.updateTransactionPasswordRequest,
    a.ok,
  ),
  forgotTransactionPassword: endpoint(
    '/api/app/user/forgotTransactionPassword',
    'member',
    a.forgotTransactionPasswordRequest,
    a.ok,
  ),
  levelList: endpoint('/api/app/user/levelList', 'member', a.empty, z.array(a.levelEntry)),
  coinList: endpoint('/api/app/user/coinList', 'member', a.empty, z.array(a.coinEntry)),
  updateAgreeStatus: endpoint('/api/app/user/updateAgreeStatus', 'member', a.updateAgreeStatusRequest, a.ok),
  assetsList: endpoint('/api/app/assets/assetsList', 'member', a.empty, z.array(a.assetEntry)),
  packageConfig: endpoint('/api/app/insurance/packageConfig', 'member', a.empty, a.packageConfig),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<Endpoints[N]['response']>;
