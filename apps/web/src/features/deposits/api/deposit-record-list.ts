import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export type DepositStatusFilter = NonNullable<RequestOf<'depositRecordList'>['status']>;

export const depositRecordsPageSize = 10;

export const getDepositRecordList = (body: RequestOf<'depositRecordList'>, signal?: AbortSignal) => apiCall('depositRecordList', body, { signal });

export const depositRecordListQueryOptions = (status: DepositStatusFilter | undefined) =>
  infiniteQueryOptions({
    queryKey: ['depositRecordList', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getDepositRecordList({ status, cursor: pageParam, pageSize: depositRecordsPageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

/** Every filter, for refreshing after a deposit. */
export const depositRecordListKey = ['depositRecordList'] as const;

export const useDepositRecordList = (status: DepositStatusFilter | undefined) =>
  useInfiniteQuery({ ...depositRecordListQueryOptions(status), placeholderData: keepPreviousData });
