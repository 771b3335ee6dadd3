import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeEntry } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { ApiError, useSubmit, showToast } from '@pp/browser-kit';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact } from '@pp/contract';
import { cancelExchange } from '../api/exchange-cancel';
import { useExchangeList } from '../api/exchange-list';
import { ExchangeStatus } from './exchange-status';

interface ExchangeRecordsProps {
  coinLabel: (coinName: string) => string;
  /** A cancel released held points: balances are out of date. */
  onCancelled: () => void;
}

interface RowsProps {
  items: readonly ExchangeEntry[];
  coinLabel: (coinName: string) => string;
  onCancel: (exchange: ExchangeEntry) => void;
}

/** The member's exchanges, newest first; one pending review can be cancelled after a confirmation. */
export function ExchangeRecords({ coinLabel, onCancelled }: ExchangeRecordsProps) {
  const { t } = useTranslation();
  const list = useExchangeList();
  const [cancelling, setCancelling] = useState<ExchangeEntry | null>(null);
  const { isPending: isBusy, runWithKey } = useSubmit();

  const confirmCancel = () => {
    if (!cancelling) return;
    const exchangeId = cancelling.id;
    void runWithKey(
      { exchangeId },
      async (payload, requestId) => {
        try {
          await cancelExchange(payload.exchangeId, requestId);
        } catch (error) {
          // Staff decided first: show the list as it now is.
          if (error instanceof ApiError && error.errorKey === 'exchange.notPending') {
            setCancelling(null);
            void list.refetch();
          }
          throw error;
        }
      },
      () => {
        setCancelling(null);
        showToast('success', t('exchange.cancelled'));
        void list.refetch();
        onCancelled();
      },
    );
  };

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  let body;
  if (list.data) {
    body =
      items.length === 0 ? (
        <p className="empty">{t('exchange.empty')}</p>
      ) : (
        <>
          <ExchangeCards items={items} coinLabel={coinLabel} onCancel={setCancelling} />
          <LoadMore hasMore={list.hasNextPage} isLoading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
        </>
      );
  } else if (list.isError) {
    body = (
      <div className="empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    body = <div className="skeleton-lines" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  }

  return (
    <>
      {body}
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={t('exchange.confirmCancel')}
        confirmLabel={t('exchange.cancelConfirm')}
        cancelLabel={t('exchange.keep')}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
        isBusy={isBusy}
        variant="danger"
      >
        {cancelling ? (
          <p>
            {t('exchange.cancelSummary', {
              number: cancelling.number,
              amount: formatExact(cancelling.amount, currentLanguage()),
              coin: coinLabel(cancelling.sourceCoin),
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function CancelButton({ exchange, onCancel }: { exchange: ExchangeEntry; onCancel: (exchange: ExchangeEntry) => void }) {
  const { t } = useTranslation();
  if (exchange.status !== 'pendingReview') return null;
  return (
    <Button
      variant="secondary"
      className="btn-small"
      aria-label={t('exchange.cancelNamed', { number: exchange.number })}
      aria-haspopup="dialog"
      onClick={() => onCancel(exchange)}
    >
      {t('exchange.cancel')}
    </Button>
  );
}

/**
 * Cards on every screen: an exchange has eleven fields, more than a table row can show in the
 * content width of a 1280-pixel screen without scrolling sideways.
 */
function ExchangeCards({ items, coinLabel, onCancel }: RowsProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <ul className="card-list card-grid">
      {items.map((x) => (
        <li key={x.id} className="list-card">
          <div className="list-card-row">
            <span className="list-card-title">
              {formatExact(x.amount, language)} {coinLabel(x.sourceCoin)} → {coinLabel(x.targetCoin)}
            </span>
            <ExchangeStatus exchange={x} />
          </div>
          <dl className="list-card-fields">
            <div>
              <dt>{t('exchange.number')}</dt>
              <dd className="mono break">{x.number}</dd>
            </div>
            <div>
              <dt>{t('exchange.time')}</dt>
              <dd>{formatDateTime(x.createdAt, language)}</dd>
            </div>
            <div>
              <dt>{t('exchange.type')}</dt>
              <dd>{t('exchange.typeName', { source: coinLabel(x.sourceCoin), target: coinLabel(x.targetCoin) })}</dd>
            </div>
            <div>
              <dt>{t('exchange.sourceCoin')}</dt>
              <dd>{coinLabel(x.sourceCoin)}</dd>
            </div>
            <div>
              <dt>{t('exchange.targetCoin')}</dt>
              <dd>{coinLabel(x.targetCoin)}</dd>
            </div>
            <div>
              <dt>{t('exchange.amount')}</dt>
              <dd>
                {formatExact(x.amount, language)} {coinLabel(x.sourceCoin)}
              </dd>
            </div>
            <div>
              <dt>{t('exchange.fee')}</dt>
              <dd>
                {formatExact(x.fee, language)} {coinLabel(x.targetCoin)}
              </dd>
            </div>
            <div>
              <dt>{t('exchange.received')}</dt>
              <dd>
                {formatExact(x.received, language)} {coinLabel(x.targetCoin)}
              </dd>
            </div>
            <div>
              <dt>{t('exchange.minimum')}</dt>
              <dd>
                {formatExact(x.minimum, language)} {coinLabel(x.sourceCoin)}
              </dd>
            </div>
          </dl>
          {x.status === 'pendingReview' ? (
            <div className="list-card-actions">
              <CancelButton exchange={x} onCancel={onCancel} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
