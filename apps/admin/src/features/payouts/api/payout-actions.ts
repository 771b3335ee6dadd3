/**
 * The four staff actions on an approved order. Each is quiet: the dialog that asked shows the
 * server's refusal (a mismatching hash, an unconfirmed one, a limit) where staff are looking.
 * Afterwards the list, the hot wallet's figures, the review counts and balances are read again.
 */
import type { RequestOf, ResponseOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export type PayoutResult = ResponseOf<'payoutBank'>;

/** What a payout changes: the orders and the hot wallet, the dashboard's counts, the member's balances. */
async function afterPayout(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['payouts'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['members'] }),
  ]);
}

export async function payFromHotWallet(body: RequestOf<'payoutHotWallet'>): Promise<PayoutResult> {
  const result = await apiCall('payoutHotWallet', body, { isQuiet: true });
  await afterPayout();
  return result;
}

export async function recordChainPayout(body: RequestOf<'payoutManualChain'>): Promise<PayoutResult> {
  const result = await apiCall('payoutManualChain', body, { isQuiet: true });
  await afterPayout();
  return result;
}

export async function recordBankPayout(body: RequestOf<'payoutBank'>): Promise<PayoutResult> {
  const result = await apiCall('payoutBank', body, { isQuiet: true });
  await afterPayout();
  return result;
}

export async function rejectPayout(body: RequestOf<'payoutReject'>): Promise<PayoutResult> {
  const result = await apiCall('payoutReject', body, { isQuiet: true });
  await afterPayout();
  return result;
}
