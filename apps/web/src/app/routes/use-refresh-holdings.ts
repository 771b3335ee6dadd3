import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { buyMatchingListKey } from '../../features/packages/api/buy-matching-list';
import { paymentRecordListKey } from '../../features/packages/api/payment-record-list';
import { useRefreshBalances } from './use-refresh-balances';

/**
 * After a rush code was bought or activated, or a flash-sale package bought: the balances and
 * records, and the member's holdings (the packages card of /index, the holdings of /package).
 */
export function useRefreshHoldings(): () => void {
  const queryClient = useQueryClient();
  const refreshBalances = useRefreshBalances();
  return useCallback(() => {
    for (const queryKey of [buyMatchingListKey, paymentRecordListKey]) {
      // A list not on screen is dropped, not only marked stale (see pages/packages.tsx).
      queryClient.removeQueries({ queryKey, type: 'inactive' });
      void queryClient.invalidateQueries({ queryKey });
    }
    refreshBalances();
  }, [queryClient, refreshBalances]);
}
