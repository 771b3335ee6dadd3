import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const coinListQueryOptions = () =>
  queryOptions({
    queryKey: ['coinList'],
    queryFn: ({ signal }) => apiCall('coinList', {}, { signal }),
    enabled: hasToken(),
    staleTime: Infinity,
  });

export const useCoinList = () => useQuery(coinListQueryOptions());
