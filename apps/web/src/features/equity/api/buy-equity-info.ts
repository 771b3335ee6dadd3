import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getBuyEquityInfo = (signal?: AbortSignal) => apiCall('buyEquityInfo', {}, { signal });

/** The share offer and the member's shares; sold counts move, so it is read fresh on each visit. */
export const buyEquityInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['buyEquityInfo'],
    queryFn: ({ signal }) => getBuyEquityInfo(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useBuyEquityInfo = () => useQuery(buyEquityInfoQueryOptions());
