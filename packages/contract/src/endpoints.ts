import { z } from 'zod';
import * as a from './accounts.ts';
import { endpointPaths } from './paths.ts';

/**
 * Every API endpoint, declared once. The server registers routes from this table and validates
 * bodies and answers with these schemas; the web client types its calls from it.
 * `auth`: 'member' needs a member session, 'public' does not.
 */
function endpoint<Auth extends 'public' | 'member', Req extends z.ZodType, Res extends z.ZodType>(
  path: string,
  auth: Auth,
  request: Req,
  response: Res,
) {
  return { path, auth, request, response } as const;
}

export const endpoints = {
  countryList: endpoint(endpointPaths.countryList, 'public', a.empty, a.countryList),
  captchaImage: endpoint(endpointPaths.captchaImage, 'public', a.empty, a.captchaResponse),
  userRegister: endpoint(endpointPaths.userRegister, 'public', a.registerRequest, a.ok),
  login: endpoint(endpointPaths.login, 'public', a.loginRequest, a.loginResponse),
  logout: endpoint(endpointPaths.logout, 'member', a.empty, a.ok),
  forgotPassword: endpoint(endpointPaths.forgotPassword, 'public', a.forgotPasswordRequest, a.ok),
  noLoginSend: endpoint(endpointPaths.noLoginSend, 'public', a.noLoginSendRequest, a.codeSentResponse),
  loginSend: endpoint(endpointPaths.loginSend, 'member', a.loginSendRequest, a.codeSentResponse),
  userInfo: endpoint(endpointPaths.userInfo, 'member', a.empty, a.userInfo),
  updatePassWord: endpoint(endpointPaths.updatePassWord, 'member', a.updatePasswordRequest, a.ok),
  updateTransactionPassword: endpoint(endpointPaths.updateTransactionPassword,
    'member',
    a.updateTransactionPasswordRequest,
    a.ok,
  ),
  forgotTransactionPassword: endpoint(endpointPaths.forgotTransactionPassword,
    'member',
    a.forgotTransactionPasswordRequest,
    a.ok,
  ),
  levelList: endpoint(endpointPaths.levelList, 'member', a.empty, z.array(a.levelEntry)),
  coinList: endpoint(endpointPaths.coinList, 'member', a.empty, z.array(a.coinEntry)),
  updateAgreeStatus: endpoint(endpointPaths.updateAgreeStatus, 'member', a.updateAgreeStatusRequest, a.ok),
  assetsList: endpoint(endpointPaths.assetsList, 'member', a.empty, z.array(a.assetEntry)),
  packageConfig: endpoint(endpointPaths.packageConfig, 'member', a.empty, a.packageConfig),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<Endpoints[N]['response']>;
