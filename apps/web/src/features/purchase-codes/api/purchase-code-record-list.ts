import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export type PurchaseCodeState = NonNullable<RequestOf<'purchaseCodeRecordList'>['state']>;
export const purchaseCodesPageSize = 10;

export const getPurchaseCodeRecordList = (state: PurchaseCodeState | undefined, cursor: string | undefined, signal?: AbortSignal) =>
  apiCall('purchaseCodeRecordList', { state, cursor, pageSize: purchaseCodesPageSize }, { signal });

/** The codes the member bought in rushes, newest first, by state. */
export const purchaseCodeRecordListQueryOptions = (state: PurchaseCodeState | undefined) =>
  infiniteQueryOptions({
    queryKey: ['purchaseCodeRecordList', state ?? 'all'],
    queryFn: ({ pageParam, signal }) => getPurchaseCodeRecordList(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const purchaseCodeRecordListKey = ['purchaseCodeRecordList'] as const;

export const usePurchaseCodeRecordList = (state: PurchaseCodeState | undefined) =>
  useInfiniteQuery({ ...purchaseCodeRecordListQueryOptions(state), placeholderData: keepPreviousData });
