import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { currentLanguage, hasKey, translateKey } from '../../../lib/i18n';
import { hasToken } from '../../../lib/storage';
import { coinLabel } from '../balances';

export const coinListQueryOptions = () =>
  queryOptions({
    queryKey: ['coinList'],
    queryFn: ({ signal }) => apiCall('coinList', {}, { signal }),
    enabled: hasToken(),
    staleTime: Infinity,
  });

export const useCoinList = () => useQuery(coinListQueryOptions());

/**
 * The reader's name for a point type, for pages outside this feature (composed in app/routes):
 * the translated full name ("Registration points", never the bare "AP"), or the server's names
 * for a point type the client does not know yet.
 */
export function useCoinLabel(): (coinName: string) => string {
  const coins = useCoinList();
  const language = currentLanguage();
  return useCallback(
    (coinName: string) => (hasKey(`coins.${coinName}`) ? translateKey(`coins.${coinName}`) : coinLabel(coinName, coins.data, language)),
    [coins.data, language],
  );
}
