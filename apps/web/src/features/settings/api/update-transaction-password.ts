import type { UpdateTransactionPasswordRequest } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export const updateTransactionPassword = (body: UpdateTransactionPasswordRequest, requestId: string) =>
  apiCall('updateTransactionPassword', body, { requestId });
