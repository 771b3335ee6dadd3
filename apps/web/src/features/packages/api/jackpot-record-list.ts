import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const jackpotRecordsPageSize = 10;

export const getJackpotRecordList = (cursor: string | undefined, signal?: AbortSignal) =>
  apiCall('jackpotRecordList', { cursor, pageSize: jackpotRecordsPageSize }, { signal });

/** Each draw cycle one of the member's holdings took part in, newest first. */
export const jackpotRecordListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['jackpotRecordList'],
    queryFn: ({ pageParam, signal }) => getJackpotRecordList(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const useJackpotRecordList = () => useInfiniteQuery(jackpotRecordListQueryOptions());
