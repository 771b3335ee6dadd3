import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { HoldingState } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const holdingsPageSize = 10;

export const getBuyMatchingList = (state: HoldingState | undefined, cursor: string | undefined, pageSize: number, signal?: AbortSignal) =>
  apiCall('buyMatchingList', { state, cursor, pageSize }, { signal });

/** The member's holdings, newest first, by state. */
export const buyMatchingListQueryOptions = (state: HoldingState | undefined) =>
  infiniteQueryOptions({
    queryKey: ['buyMatchingList', state ?? 'all'],
    queryFn: ({ pageParam, signal }) => getBuyMatchingList(state, pageParam, holdingsPageSize, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

/** Every filter (and the home page's summary), for refreshing after an action. */
export const buyMatchingListKey = ['buyMatchingList'] as const;

export const useBuyMatchingList = (state: HoldingState | undefined) =>
  useInfiniteQuery({ ...buyMatchingListQueryOptions(state), placeholderData: keepPreviousData });

/** The largest page: the home page sums the live holdings of the first one. */
export const summaryPageSize = 50;

export const liveHoldingsQueryOptions = () =>
  queryOptions({
    queryKey: [...buyMatchingListKey, 'summary'],
    queryFn: async ({ signal }) => {
      const [fixed, unlocked] = await Promise.all([
        getBuyMatchingList('fixed', undefined, summaryPageSize, signal),
        getBuyMatchingList('unlocked', undefined, summaryPageSize, signal),
      ]);
      return { items: [...fixed.items, ...unlocked.items], isPartial: fixed.nextCursor !== null || unlocked.nextCursor !== null };
    },
    enabled: hasToken(),
  });

export const useLiveHoldings = () => useQuery(liveHoldingsQueryOptions());
