import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';
import { assetsRefreshMs } from './assets-list';

/** The home's one total in USDT, valued by the server at the configured rates; polled as the balances are. */
export const assetsValueQueryOptions = () =>
  queryOptions({
    queryKey: ['assetsValue'],
    queryFn: ({ signal }) => apiCall('assetsValue', {}, { signal }),
    enabled: hasToken(),
    refetchInterval: () => (hasToken() ? assetsRefreshMs : false),
    staleTime: 0,
  });

export const useAssetsValue = () => useQuery(assetsValueQueryOptions());
