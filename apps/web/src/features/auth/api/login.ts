import type { LoginRequest } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { setToken } from '../../../lib/storage';

/** Logs in and keeps the session token for every later call. */
export async function login(body: LoginRequest): Promise<void> {
  const { token } = await apiCall('login', body);
  setToken(token);
}
