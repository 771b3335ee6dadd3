import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf, SaleKind } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** The stock and the member's counts change while the page is open; a modest pace, not every second. */
export const saleListRefetchMs = 15_000;
/** With no sale listed (the flash panel of every member's home page), a slower look for a new one. */
export const saleListIdleRefetchMs = 60_000;

/** The answer with the moment it arrived on the page's monotonic clock (performance.now()). */
export type SaleListData = ResponseOf<'saleList'> & { receivedAt: number };

export const getSaleList = async (kind: SaleKind, signal?: AbortSignal): Promise<SaleListData> => {
  const data = await apiCall('saleList', { kind }, { signal });
  return { ...data, receivedAt: performance.now() };
};

/** Rushes (kind code) or flash sales (kind flash) open now or soon, with the server's clock. */
export const saleListQueryOptions = (kind: SaleKind) =>
  queryOptions({
    queryKey: ['saleList', kind],
    queryFn: ({ signal }) => getSaleList(kind, signal),
    enabled: hasToken(),
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data?.items.length ?? 0) > 0 ? saleListRefetchMs : saleListIdleRefetchMs),
  });

export const saleListKey = ['saleList'] as const;

export const useSaleList = (kind: SaleKind) => useQuery(saleListQueryOptions(kind));
