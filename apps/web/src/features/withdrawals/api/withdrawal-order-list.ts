import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export type WithdrawalStatusFilter = NonNullable<RequestOf<'withdrawalOrderList'>['status']>;

export const withdrawalOrdersPageSize = 10;
/** While an order is being paid on chain, the list is read again this often (a BNB Smart Chain block is 3 s). */
export const withdrawalOrdersRefetchMs = 10_000;

export const getWithdrawalOrderList = (body: RequestOf<'withdrawalOrderList'>, signal?: AbortSignal) => apiCall('withdrawalOrderList', body, { signal });

export const withdrawalOrderListQueryOptions = (status: WithdrawalStatusFilter | undefined) =>
  infiniteQueryOptions({
    queryKey: ['withdrawalOrderList', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getWithdrawalOrderList({ status, cursor: pageParam, pageSize: withdrawalOrdersPageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
    // A payout under way settles within a minute or so: keep reading while one is shown.
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.items.some((o) => o.status === 'processing')) ? withdrawalOrdersRefetchMs : false),
  });

/** Every filter, for refreshing after a withdrawal. */
export const withdrawalOrderListKey = ['withdrawalOrderList'] as const;

export const useWithdrawalOrderList = (status: WithdrawalStatusFilter | undefined) =>
  useInfiniteQuery({ ...withdrawalOrderListQueryOptions(status), placeholderData: keepPreviousData });
