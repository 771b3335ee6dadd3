import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { payoutRefetchMs } from './payout-list';

/** Balances and the day's use move with every payout; read again with the list. */
export const hotWalletStatusQuery = () =>
  queryOptions({
    queryKey: ['payouts', 'hotWallet'] as const,
    queryFn: ({ signal }) => apiCall('hotWalletStatus', {}, { signal }),
    refetchInterval: payoutRefetchMs,
  });

export const useHotWalletStatus = () => useQuery(hotWalletStatusQuery());
