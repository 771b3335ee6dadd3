import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getJackpotInfo = (signal?: AbortSignal) => apiCall('jackpotInfo', {}, { signal });

/** The pool, the open cycle's seed commitment and the recent draws with their revealed seeds. */
export const jackpotInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['jackpotInfo'],
    queryFn: ({ signal }) => getJackpotInfo(signal),
    enabled: hasToken(),
  });

export const useJackpotInfo = () => useQuery(jackpotInfoQueryOptions());
