import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const exchangesPageSize = 10;

export const getExchangeList = (body: RequestOf<'exchangeList'>, signal?: AbortSignal) => apiCall('exchangeList', body, { signal });

export const exchangeListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['exchangeList'],
    queryFn: ({ pageParam, signal }) => getExchangeList({ cursor: pageParam, pageSize: exchangesPageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const useExchangeList = () => useInfiniteQuery(exchangeListQueryOptions());
