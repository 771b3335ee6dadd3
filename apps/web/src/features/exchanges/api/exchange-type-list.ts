import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getExchangeTypeList = (signal?: AbortSignal) => apiCall('exchangeTypeList', {}, { signal });

/** Staff may change rates and fees at any time: read them fresh on each visit. */
export const exchangeTypeListQueryOptions = () =>
  queryOptions({
    queryKey: ['exchangeTypeList'],
    queryFn: ({ signal }) => getExchangeTypeList(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useExchangeTypeList = () => useQuery(exchangeTypeListQueryOptions());
