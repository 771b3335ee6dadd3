import type { UpdatePasswordRequest } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export const updatePassword = (body: UpdatePasswordRequest, requestId: string) => apiCall('updatePassWord', body, { requestId });
