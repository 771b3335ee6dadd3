import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, groupBankNumber, withdrawalStatuses, type WithdrawalOrder, formatExact } from '@pp/contract';
import { CopyButton, SelectField } from '@pp/browser-kit';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useWithdrawalOrderList, type WithdrawalStatusFilter } from '../api/withdrawal-order-list';
import { shortAddress } from '../destinations';

const toneOf: Record<WithdrawalOrder['status'], StatusTone> = {
  pendingReview: 'pending',
  pendingDisbursement: 'pending',
  processing: 'neutral',
  success: 'success',
  rejected: 'danger',
};

/** The member's withdrawals, newest first, filtered by status, with where each went and how it ended. */
export function WithdrawalHistory({ coinLabel }: { coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawalStatusFilter | ''>('');
  const list = useWithdrawalOrderList(status === '' ? undefined : status);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="stack-tight">
      <div className="withdraw-filter">
        <SelectField
          label={t('withdraw.statusFilter')}
          value={status}
          onValueChange={(v) => setStatus(v as WithdrawalStatusFilter | '')}
          options={[{ value: '', label: t('withdraw.allStatuses') }, ...withdrawalStatuses.map((s) => ({ value: s, label: t(`withdraw.statuses.${s}`) }))]}
        />
      </div>
      <PagedListBody list={list} isEmpty={items.length === 0} empty={status === '' ? t('withdraw.empty') : t('withdraw.emptyFiltered')}>
        <ul className="withdraw-orders" aria-label={t('withdraw.history')}>
          {items.map((item) => (
            <OrderCard key={item.id} item={item} coinLabel={coinLabel} />
          ))}
        </ul>
      </PagedListBody>
    </div>
  );
}

function OrderCard({ item, coinLabel }: { item: WithdrawalOrder; coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const coin = coinLabel(item.coinName);
  const reasonCode = item.rejectReasonCode && item.rejectReasonCode !== 'other' ? t(`exchange.rejectReasons.${item.rejectReasonCode}`) : '';
  const reason = [reasonCode, item.rejectReason?.trim() ?? ''].filter(Boolean).join(' — ') || t('exchange.rejectReasons.other');
  return (
    <li className="deposit-card withdraw-order" data-testid="withdrawal-order">
      <div className="deposit-card-head">
        <strong>{`${formatExact(item.amount, language)} ${coin}`}</strong>
        <StatusBadge tone={toneOf[item.status]}>{t(`withdraw.statuses.${item.status}`)}</StatusBadge>
      </div>
      <dl className="info-list info-list-compact">
        <div className="info-row">
          <dt>{t('withdraw.number')}</dt>
          <dd className="mono break">{item.number}</dd>
        </div>
        <div className="info-row">
          <dt>{t('withdraw.fee')}</dt>
          {/* A rejected order's fee went back with its amount (the hold was voided). */}
          <dd data-testid="order-fee">
            {item.status === 'rejected'
              ? t('withdraw.feeReturned', { amount: `${formatExact(item.fee, language)} ${coin}` })
              : `${formatExact(item.fee, language)} ${coin}`}
          </dd>
        </div>
        {item.channel === 'chain' ? (
          <div className="info-row">
            <dt>{t('withdraw.toAddress', { chain: item.chain ?? '' })}</dt>
            <dd className="copy-row">
              <span className="mono" data-user-content title={item.destination}>
                {shortAddress(item.destination)}
              </span>
              <CopyButton text={item.destination} label={t('withdraw.copyAddress', { address: item.destination })} />
            </dd>
          </div>
        ) : (
          <div className="info-row">
            <dt>{t('withdraw.bankAccount')}</dt>
            <dd className="break" data-user-content>
              {t('withdraw.bankTitle', { bank: item.bankName ?? '', name: item.accountName ?? '' })}
              <br />
              <span className="mono">{groupBankNumber(item.destination)}</span>
            </dd>
          </div>
        )}
        {item.localAmount !== null && item.currency ? (
          <div className="info-row">
            <dt>{t('withdraw.received')}</dt>
            <dd>{`${formatAmount(item.localAmount, language)} ${item.currency}`}</dd>
          </div>
        ) : null}
        {item.txHash ? (
          <div className="info-row">
            <dt>{t('withdraw.transaction')}</dt>
            <dd>
              {item.explorerUrl ? (
                <a
                  href={item.explorerUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mono"
                  aria-label={t('withdraw.viewOnExplorer', { hash: item.txHash })}
                  data-technical
                >
                  {shortAddress(item.txHash)}
                </a>
              ) : (
                <span className="mono break" data-technical>
                  {item.txHash}
                </span>
              )}
            </dd>
          </div>
        ) : null}
        {item.bankReference ? (
          <div className="info-row">
            <dt>{t('withdraw.bankReference')}</dt>
            <dd className="mono break" data-user-content>
              {item.bankReference}
            </dd>
          </div>
        ) : null}
        {item.status === 'rejected' ? (
          <div className="info-row">
            <dt>{t('withdraw.reason')}</dt>
            <dd className="break" data-user-content data-testid="reject-reason">
              {reason}
            </dd>
          </div>
        ) : null}
        <div className="info-row">
          <dt>{t('withdraw.createdAt')}</dt>
          <dd>{formatDateTime(item.createdAt, language)}</dd>
        </div>
        {item.paidAt !== null ? (
          <div className="info-row">
            <dt>{t('withdraw.paidAt')}</dt>
            <dd>{formatDateTime(item.paidAt, language)}</dd>
          </div>
        ) : item.decidedAt !== null ? (
          <div className="info-row">
            <dt>{t('withdraw.decidedAt')}</dt>
            <dd>{formatDateTime(item.decidedAt, language)}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
