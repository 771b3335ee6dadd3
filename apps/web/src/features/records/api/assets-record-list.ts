import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** The filters of spec section 3; the cursor and page size belong to the list, not the member. */
export type RecordFilters = Omit<RequestOf<'assetsRecordList'>, 'cursor' | 'pageSize'>;

/** Rows per "load more" (the contract allows up to walletLimits.pageSizeMax). */
export const recordsPageSize = 20;

export const getAssetsRecordList = (body: RequestOf<'assetsRecordList'>, signal?: AbortSignal) => apiCall('assetsRecordList', body, { signal });

export const assetsRecordListQueryOptions = (filters: RecordFilters) =>
  infiniteQueryOptions({
    queryKey: ['assetsRecordList', filters],
    queryFn: ({ pageParam, signal }) => getAssetsRecordList({ ...filters, cursor: pageParam, pageSize: recordsPageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

/** Every filter combination, for refreshing the records after money moved. */
export const assetsRecordListKey = ['assetsRecordList'] as const;

/** `isEnabled` false holds the query back, e.g. while the date range is inverted. */
export const useAssetsRecordList = (filters: RecordFilters, isEnabled = true) =>
  useInfiniteQuery({ ...assetsRecordListQueryOptions(filters), enabled: isEnabled && hasToken(), placeholderData: keepPreviousData });
