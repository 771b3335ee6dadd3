import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { EquityAdminConfig, SaleAdminEntry, SaleKind } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import type { EquitySaveRequest, SaleOpenRequest } from '../sale-form';

export const salePageSize = 20;

/**
 * Rushes and flash sales, newest first, paged; '' = both kinds. Each page carries the server's
 * clock (the states are computed from it). Reloaded every 15 s while shown, so the sold counts and
 * the states follow a running sale.
 */
export const saleListQuery = (kind: SaleKind | '') =>
  infiniteQueryOptions({
    queryKey: ['packages', 'sales', kind] as const,
    queryFn: ({ pageParam, signal }) => apiCall('saleAdminList', { kind: kind === '' ? undefined : kind, cursor: pageParam ?? undefined, pageSize: salePageSize }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: 15_000,
  });

export const useSaleList = (kind: SaleKind | '') => useInfiniteQuery(saleListQuery(kind));

/** Opens a rush or a flash sale (audited). Quiet: the dialog shows a refusal beside its field. */
export async function openSale(request: SaleOpenRequest): Promise<SaleAdminEntry> {
  const entry = await apiCall('saleOpen', request, { isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['packages', 'sales'] });
  return entry;
}

/** Ends a sale now (audited with the reason); refused when it has already ended. */
export async function closeSale(saleId: string, reason: string): Promise<SaleAdminEntry> {
  const entry = await apiCall('saleClose', { saleId, reason }, { isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['packages', 'sales'] });
  return entry;
}

export const equityConfigQuery = () =>
  queryOptions({
    queryKey: ['packages', 'equity'] as const,
    queryFn: ({ signal }) => apiCall('equityConfigGet', {}, { signal }),
  });

export const useEquityConfig = () => useQuery(equityConfigQuery());

/** Saves the share configuration and its open state (audited); the form reloads from the answer. */
export async function saveEquityConfig(request: EquitySaveRequest): Promise<EquityAdminConfig> {
  const saved = await apiCall('equityConfigSave', request, { isQuiet: true });
  queryClient.setQueryData(equityConfigQuery().queryKey, saved);
  return saved;
}
