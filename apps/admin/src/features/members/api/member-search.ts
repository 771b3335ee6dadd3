import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** A limit on everything: one page of search results. */
export const memberPageSize = 20;

export const memberSearchQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['members', 'search', query] as const,
    queryFn: ({ pageParam, signal }) => apiCall('memberSearch', { query, cursor: pageParam ?? undefined, pageSize: memberPageSize }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMemberSearch = (query: string) => useInfiniteQuery(memberSearchQuery(query));
