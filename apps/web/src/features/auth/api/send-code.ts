import type { NoLoginSendRequest } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

/** E-mails a verification code to someone not logged in (register, forgot password). */
export const sendCode = (body: NoLoginSendRequest) => apiCall('noLoginSend', body);
