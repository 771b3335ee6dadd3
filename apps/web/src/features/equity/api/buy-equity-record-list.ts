import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const equityRecordsPageSize = 10;

export const getBuyEquityRecordList = (cursor: string | undefined, signal?: AbortSignal) =>
  apiCall('buyEquityRecordList', { cursor, pageSize: equityRecordsPageSize }, { signal });

/** The member's share purchases and bonus payments, newest first. */
export const buyEquityRecordListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['buyEquityRecordList'],
    queryFn: ({ pageParam, signal }) => getBuyEquityRecordList(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const buyEquityRecordListKey = ['buyEquityRecordList'] as const;

export const useBuyEquityRecordList = () => useInfiniteQuery(buyEquityRecordListQueryOptions());
