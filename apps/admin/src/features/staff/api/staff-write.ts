import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export async function createStaff(body: Omit<RequestOf<'staffCreate'>, 'requestId'>, requestId: string): Promise<void> {
  await apiCall('staffCreate', body, { requestId, isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['staff'] });
}

/** Role change, disable or enable, TOTP reset: one call each, with the reason. */
export async function updateStaff(body: Omit<RequestOf<'staffUpdate'>, 'requestId'>, requestId: string): Promise<void> {
  await apiCall('staffUpdate', body, { requestId, isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['staff'] });
}
