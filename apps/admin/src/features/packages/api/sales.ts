import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EquityAdminConfig, ResponseOf, SaleAdminEntry, SaleKind } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { anyToUndefined, cursorListQuery, useCursorList } from '../../../lib/cursor-list';
import { queryClient } from '../../../lib/query-client';
import type { EquitySaveRequest, SaleOpenRequest } from '../sale-form';

export const salePageSize = 20;

/**
 * Rushes and flash sales, newest first, paged; '' = both kinds. Each page carries the server's
 * clock (the states are computed from it). Reloaded every 15 s while shown, so the sold counts and
 * the states follow a running sale.
 */
export const saleListQuery = (kind: SaleKind | '') =>
  cursorListQuery('saleAdminList', { kind: anyToUndefined(kind) }, { key: ['packages', 'sales'], pageSize: salePageSize, refetchInterval: 15_000 });

/** Each sale with the clock of the page it came on. */
const salesWithClock = (page: ResponseOf<'saleAdminList'>) => page.items.map((sale) => ({ sale, serverTime: page.serverTime }));

export const useSaleList = (kind: SaleKind | '') => useCursorList(saleListQuery(kind), salesWithClock);

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
