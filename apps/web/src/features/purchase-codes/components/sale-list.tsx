import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResponseOf, SaleKind } from '@pp/contract';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { saleListQueryOptions, useSaleList } from '../api/sale-list';
import { phaseOf } from '../sale-clock';
import { useServerNow } from '../use-server-now';
import { SaleCard } from './sale-card';

export interface SaleListProps {
  kind: SaleKind;
  coinLabel: (coinName: string) => string;
  /** A purchase went through (codes, holdings and balances changed). */
  onBought: (result: ResponseOf<'buyPurchaseCode'>) => void;
  /** Shown when there is no sale; null shows nothing at all (and no loading state either). */
  empty: ReactNode | null;
  /** Sales that ended (the list keeps them an hour) are left out. */
  isOpenOrUpcomingOnly?: boolean;
  /** Wraps the list when there is something to show (the flash panel's card). */
  frame?: (list: ReactNode) => ReactNode;
}

/**
 * The sales of one kind with their countdowns on the server's clock. The list is read again on a
 * modest interval (15 s), at each start and end, and after a purchase or a refusal; the clock
 * ticks only the countdowns.
 */
export function SaleList({ kind, coinLabel, onBought, empty, isOpenOrUpcomingOnly = false, frame = (list) => list }: SaleListProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useSaleList(kind);
  const data = list.data;
  const boundaries = (data?.items ?? []).flatMap((s) => [s.startsAt, s.endsAt]);
  const serverNow = useServerNow(data, boundaries);
  const queryKey = saleListQueryOptions(kind).queryKey;

  // At a start or an end the stock and the refusals change: read the list again just after it.
  useEffect(() => {
    if (!data) return;
    const now = data.serverTime + (performance.now() - data.receivedAt);
    const next = data.items.flatMap((s) => [s.startsAt, s.endsAt]).filter((at) => at > now);
    if (next.length === 0) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey }), Math.min(...next) - now + 500);
    return () => clearTimeout(timer);
  }, [data, queryClient, queryKey]);

  if (!data || serverNow === null) {
    if (empty === null) return null;
    return frame(<CardLoadState isError={list.isError} onRetry={() => void list.refetch()} />);
  }
  const items = isOpenOrUpcomingOnly ? data.items.filter((s) => phaseOf(s, serverNow) !== 'ended') : data.items;
  if (items.length === 0) return empty === null ? null : frame(<p className="empty">{empty}</p>);
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  return frame(
    <ul className="card-list package-grid" aria-label={t(kind === 'code' ? 'scarce.rushes' : 'scarce.flashSales')}>
      {items.map((sale) => (
        <SaleCard
          key={sale.id}
          sale={sale}
          serverNow={serverNow}
          coinLabel={coinLabel}
          onRefused={refresh}
          onBought={(result) => {
            refresh();
            onBought(result);
          }}
        />
      ))}
    </ul>,
  );
}
