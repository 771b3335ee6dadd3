import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** Asks for a run outside the schedule; the status list shows it start and finish. */
export async function runJobNow(body: Omit<RequestOf<'jobRunNow'>, 'requestId'>, requestId: string): Promise<void> {
  await apiCall('jobRunNow', body, { requestId, isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['jobs'] });
}
