import { useQuery } from '@tanstack/react-query';
import type { ResponseOf, StaffProfile } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { staffMeQueryKey } from '../../../lib/staff-session';
import { setToken } from '../../../lib/storage';

export type LoginChallenge = ResponseOf<'staffLogin'>;

/**
 * Step one: username and password, with the image code once the server asked for one
 * (captcha.required, decision 007). The answer asks for the authenticator code (after enrolment if new).
 */
export function staffLogin(userName: string, password: string, captcha: { captchaId: string; captchaCode: string } | null = null): Promise<LoginChallenge> {
  return apiCall('staffLogin', { userName, password, loginType: 'STAFF', ...(captcha ?? {}) }, { isQuiet: true });
}

/** An image code for the sign-in; `isWanted: false` fetches nothing. Never cached: a code is good once. */
export function useLoginCaptcha(isWanted: boolean) {
  return useQuery({ queryKey: ['captcha'], queryFn: ({ signal }) => apiCall('captchaImage', {}, { signal }), enabled: isWanted, gcTime: 0, staleTime: 0 });
}

/** Step two: the 6-digit code, confirming a new enrolment or an enrolled authenticator. */
export async function staffTotp(stage: 'totp' | 'totp-setup', challengeId: string, code: string): Promise<StaffProfile> {
  const answer = await apiCall(stage === 'totp-setup' ? 'staffTotpSetup' : 'staffTotpVerify', { challengeId, code }, { isQuiet: true });
  setToken(answer.token);
  // The layout needs no second call to know who this is.
  queryClient.setQueryData(staffMeQueryKey, answer.staff);
  return answer.staff;
}
