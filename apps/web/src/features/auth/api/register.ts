import type { RegisterRequest } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export const registerUser = (body: RegisterRequest, requestId: string) => apiCall('userRegister', body, { requestId });
