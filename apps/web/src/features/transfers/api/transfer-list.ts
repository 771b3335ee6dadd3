import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export type TransferDirection = NonNullable<RequestOf<'transferList'>['direction']>;

export const transfersPageSize = 10;

export const getTransferList = (body: RequestOf<'transferList'>, signal?: AbortSignal) => apiCall('transferList', body, { signal });

export const transferListQueryOptions = (direction: TransferDirection | undefined) =>
  infiniteQueryOptions({
    queryKey: ['transferList', direction ?? 'all'],
    queryFn: ({ pageParam, signal }) => getTransferList({ direction, cursor: pageParam, pageSize: transfersPageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

/** Both directions and "all", for refreshing after a transfer. */
export const transferListKey = ['transferList'] as const;

export const useTransferList = (direction: TransferDirection | undefined) =>
  useInfiniteQuery({ ...transferListQueryOptions(direction), placeholderData: keepPreviousData });
