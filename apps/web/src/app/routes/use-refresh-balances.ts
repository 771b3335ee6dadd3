import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { assetsListQueryOptions } from '../../features/assets/api/assets-list';
import { assetsRecordListKey } from '../../features/records/api/assets-record-list';

/**
 * After points moved (an exchange held or released them, a transfer sent them), the balances
 * and the transaction records are out of date, wherever they are shown.
 */
export function useRefreshBalances(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: assetsListQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: assetsRecordListKey });
  }, [queryClient]);
}
