import type { RequestOf, ResponseOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/**
 * Requests a manual credit (airdrop) or debit (underweight). Nothing is booked yet: the server
 * holds it as a pending transfer in the manualAdjustment review queue until someone approves.
 */
export async function createAdjustment(body: RequestOf<'adjustmentCreate'>): Promise<ResponseOf<'adjustmentCreate'>> {
  const answer = await apiCall('adjustmentCreate', body, { isQuiet: true });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['reviews'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    // Balances move with a decision (a held debit, a posted credit).
    queryClient.invalidateQueries({ queryKey: ['members'] }),
  ]);
  return answer;
}
