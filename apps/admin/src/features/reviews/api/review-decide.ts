import type { RequestOf, ResponseOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export type Decision = 'approve' | 'reject';
export type DecisionResult = ResponseOf<'reviewDecide'>['results'][number];
export type RejectReasonCode = NonNullable<RequestOf<'reviewDecide'>['reasonCode']>;

/**
 * Approves or rejects one or more items. Pessimistic on purpose: nothing on screen changes until
 * the server has answered for every id; then the lists, the details and the dashboard counts
 * are fetched again, so the screen shows what the server now holds.
 */
export async function decideReviews(body: Omit<RequestOf<'reviewDecide'>, 'requestId'>, requestId: string): Promise<DecisionResult[]> {
  const { results } = await apiCall('reviewDecide', { ...body, requestId }, { requestId, isQuiet: true });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['reviews'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    // Balances move with a decision (a held debit, a posted credit).
    queryClient.invalidateQueries({ queryKey: ['members'] }),
  ]);
  return results;
}
