import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getMatchingList = (signal?: AbortSignal) => apiCall('matchingList', {}, { signal });

/** The products on offer with the member's state of each and whether they may buy it; read fresh on each visit. */
export const matchingListQueryOptions = () =>
  queryOptions({
    queryKey: ['matchingList'],
    queryFn: ({ signal }) => getMatchingList(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useMatchingList = () => useQuery(matchingListQueryOptions());
