import { useTranslation } from 'react-i18next';
import type { DepositRecord } from '@pp/contract';
import { formatAmount, formatExact } from '@pp/contract';
import { LoadMore } from '../../../components/ui/load-more';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useDepositRecordList } from '../api/deposit-record-list';
import { ReceiptThumbnail } from './receipt-thumbnail';

const toneOf: Record<DepositRecord['status'], StatusTone> = { pendingReview: 'pending', approved: 'success', rejected: 'danger' };

/** The member's bank deposits, newest first, with the receipt's thumbnail and the reason of a rejection in their language. */
export function DepositHistory() {
  const { t } = useTranslation();
  const list = useDepositRecordList(undefined);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isError && !list.data) {
    return (
      <div className="empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!list.data) return <div className="skeleton-lines" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  if (items.length === 0) return <p className="empty">{t('deposit.empty')}</p>;
  return (
    <div className="stack-tight">
      <ul className="deposit-list">
        {items.map((item) => (
          <DepositCard key={item.id} item={item} />
        ))}
      </ul>
      <LoadMore hasMore={list.hasNextPage} isLoading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
    </div>
  );
}

function DepositCard({ item }: { item: DepositRecord }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const reasonCode = item.rejectReasonCode && item.rejectReasonCode !== 'other' ? t(`exchange.rejectReasons.${item.rejectReasonCode}`) : '';
  const reason =
    [reasonCode, item.rejectReason?.trim() ?? ''].filter(Boolean).join(' — ') || (item.status === 'rejected' ? t('exchange.rejectReasons.other') : '');
  return (
    <li className="deposit-card">
      <div className="deposit-card-head">
        <strong>{`${formatExact(item.amount, language)} USD`}</strong>
        <StatusBadge tone={toneOf[item.status]}>{t(`deposit.statuses.${item.status}`)}</StatusBadge>
      </div>
      <dl className="info-list info-list-compact">
        <div className="info-row">
          <dt>{t('deposit.number')}</dt>
          <dd className="mono break">{item.number}</dd>
        </div>
        <div className="info-row">
          <dt>{t('deposit.transferAmount')}</dt>
          <dd>{`${formatAmount(item.localAmount, language)} ${item.currency}`}</dd>
        </div>
        <div className="info-row">
          <dt>{t('deposit.receiptNumber')}</dt>
          <dd className="break" data-user-content>
            {item.receiptNumber}
          </dd>
        </div>
        {item.receiptFileId ? (
          <div className="info-row">
            <dt>{t('deposit.receiptFile')}</dt>
            <dd>
              <ReceiptThumbnail id={item.receiptFileId} depositNumber={item.number} />
            </dd>
          </div>
        ) : null}
        <div className="info-row">
          <dt>{t('deposit.time')}</dt>
          <dd>{formatDateTime(item.createdAt, language)}</dd>
        </div>
        {item.status === 'rejected' ? (
          <div className="info-row">
            <dt>{t('deposit.reason')}</dt>
            <dd className="break" data-user-content>
              {reason}
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
