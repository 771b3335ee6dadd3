import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** Other devices per page; a member who never signs out collects dozens in a day. */
export const sessionsPageSize = 10;

export const getSessionList = (cursor: string | undefined, signal?: AbortSignal) =>
  apiCall('securitySessionList', { cursor, pageSize: sessionsPageSize }, { signal });

/** This device (on the first page), then the member's other live sessions, newest sign-in first. */
export const sessionListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['securitySessionList'],
    queryFn: ({ pageParam, signal }) => getSessionList(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
    staleTime: 0,
  });

export const useSessionList = () => useInfiniteQuery(sessionListQueryOptions());
