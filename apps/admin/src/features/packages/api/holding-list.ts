import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HoldingState } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export interface HoldingFilter {
  /** A member's user name; '' = every member. */
  userName: string;
  /** '' = every state. */
  state: HoldingState | '';
}

export const holdingPageSize = 20;

export const holdingListQuery = (filter: HoldingFilter) =>
  infiniteQueryOptions({
    queryKey: ['packages', 'holdings', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        'holdingAdminList',
        {
          userName: filter.userName === '' ? undefined : filter.userName,
          state: filter.state === '' ? undefined : filter.state,
          cursor: pageParam ?? undefined,
          pageSize: holdingPageSize,
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useHoldingList = (filter: HoldingFilter) => useInfiniteQuery(holdingListQuery(filter));
