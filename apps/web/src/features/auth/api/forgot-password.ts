import type { ForgotPasswordRequest } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export const resetPassword = (body: ForgotPasswordRequest, requestId: string) => apiCall('forgotPassword', body, { requestId });
