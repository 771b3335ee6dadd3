import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const claimsPageSize = 10;

export const getClaimList = (cursor: string | undefined, signal?: AbortSignal) => apiCall('claimList', { cursor, pageSize: claimsPageSize }, { signal });

/** The member's insurance claims, newest first. */
export const claimListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['claimList'],
    queryFn: ({ pageParam, signal }) => getClaimList(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const claimListKey = ['claimList'] as const;

export const useClaimList = () => useInfiniteQuery(claimListQueryOptions());
