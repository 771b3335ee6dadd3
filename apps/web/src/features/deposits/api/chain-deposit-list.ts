import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { DepositChain, RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const chainDepositsPageSize = 10;
/** While a deposit is confirming, the list is read again this often (a BNB Smart Chain block is 3 s). */
export const chainDepositsRefetchMs = 10_000;

export const getChainDepositList = (body: RequestOf<'bscDepositRecordList'>, signal?: AbortSignal) => apiCall('bscDepositRecordList', body, { signal });

export const chainDepositListQueryOptions = (chain: DepositChain | undefined) =>
  infiniteQueryOptions({
    queryKey: ['bscDepositRecordList', chain ?? 'all'],
    queryFn: ({ pageParam, signal }) => getChainDepositList({ chain, cursor: pageParam, pageSize: chainDepositsPageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
    // Keep counting confirmations while any shown deposit is still confirming.
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.items.some((d) => d.status === 'confirming')) ? chainDepositsRefetchMs : false),
  });

export const useChainDepositList = (chain: DepositChain | undefined) =>
  useInfiniteQuery({ ...chainDepositListQueryOptions(chain), placeholderData: keepPreviousData });
