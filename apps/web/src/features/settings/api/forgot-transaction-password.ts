import type { ForgotTransactionPasswordRequest } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export const resetTransactionPassword = (body: ForgotTransactionPasswordRequest, requestId: string) =>
  apiCall('forgotTransactionPassword', body, { requestId });
