import type { ConfigEntry } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** Saves one setting with the reason for the audit trail; the list and its history reload after. */
export async function updateConfig(key: string, value: unknown, reason: string, requestId: string): Promise<ConfigEntry> {
  const entry = await apiCall('configUpdate', { key, value, reason }, { requestId, isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['config'] });
  return entry;
}
