import type { LoginChallengeResponse, LoginRequest, LoginTwoFactorRequest } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { setToken } from '../../../lib/storage';

/**
 * Logs in and keeps the session token for every later call. A member with two-step login on
 * gets a challenge instead: the answer is then completed with loginTwoFactor.
 */
export async function login(body: LoginRequest): Promise<LoginChallengeResponse | null> {
  const answer = await apiCall('login', body);
  if ('twoFactorRequired' in answer) return answer;
  setToken(answer.token);
  return null;
}

/** The second step: an authenticator code or a recovery code for the challenge. */
export async function loginTwoFactor(body: LoginTwoFactorRequest): Promise<void> {
  const { token } = await apiCall('loginTwoFactor', body);
  setToken(token);
}
