import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { HoldingEventType } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const paymentRecordsPageSize = 20;

export const getPaymentRecordList = (type: HoldingEventType | undefined, cursor: string | undefined, signal?: AbortSignal) =>
  apiCall('paymentRecordList', { type, cursor, pageSize: paymentRecordsPageSize }, { signal });

/** Every money line of every holding of the member, newest first, by type. */
export const paymentRecordListQueryOptions = (type: HoldingEventType | undefined) =>
  infiniteQueryOptions({
    queryKey: ['paymentRecordList', type ?? 'all'],
    queryFn: ({ pageParam, signal }) => getPaymentRecordList(type, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const paymentRecordListKey = ['paymentRecordList'] as const;

export const usePaymentRecordList = (type: HoldingEventType | undefined) =>
  useInfiniteQuery({ ...paymentRecordListQueryOptions(type), placeholderData: keepPreviousData });
