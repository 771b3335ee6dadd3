import { useTranslation } from 'react-i18next';
import { groupBankNumber, type PayoutEntry } from '@pp/contract';
import { CopyButton } from '@pp/browser-kit';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icon';
import { formatDateTime, formatExactAmount } from '../../../lib/format';
import { coinAmount, describePayout, PayoutStatusBadge } from './payout-bits';

export type PayoutAction = 'hotWallet' | 'manualChain' | 'bank' | 'reject';

interface PayoutCardProps {
  entry: PayoutEntry;
  /** The role may pay and reject (payouts.send); others only read. */
  canSend: boolean;
  /** A hot wallet is configured (hotWalletStatus has an address). */
  hasHotWallet: boolean;
  onAction: (entry: PayoutEntry, action: PayoutAction) => void;
}

/**
 * One order to pay, or being paid, or paid: who, how much, where to, and how it was paid. Its
 * actions appear only while it waits for disbursement (an order being paid by the hot wallet is
 * settled by the payout job; a paid one is done).
 */
export function PayoutCard({ entry, canSend, hasHotWallet, onAction }: PayoutCardProps) {
  const { t } = useTranslation();
  const titleId = `payout-${entry.id}-title`;
  const isChain = entry.channel === 'chain';
  const isWaiting = entry.status === 'pendingDisbursement';
  const label = describePayout(entry);
  return (
    <article className="card payout-card" aria-labelledby={titleId} data-testid="payout-card">
      <header className="payout-head">
        <h3 className="payout-title" id={titleId}>
          <span className="mono">{entry.number}</span> <span className="payout-member">{entry.memberName}</span>
        </h3>
        <div className="badges">
          <PayoutStatusBadge status={entry.status} />
          {entry.payoutMethod ? <Badge tone="neutral">{t(`payouts.methods.${entry.payoutMethod}`)}</Badge> : null}
        </div>
      </header>
      <p className="payout-amount">
        <strong>{coinAmount(entry.amount, entry.coinName)}</strong>
        <span className="muted small">{t('payouts.feeNote', { fee: coinAmount(entry.fee, entry.coinName) })}</span>
      </p>
      <dl className="facts payout-facts">
        <div>
          <dt>{t('payouts.type')}</dt>
          <dd>
            {isChain ? t('payouts.channelChain', { chain: entry.chain ?? '' }) : t('payouts.channelBank', { currency: entry.currency ?? '' })}{' '}
            <code className="muted small" data-technical>
              {entry.withdrawalType}
            </code>
          </dd>
        </div>
        {isChain ? (
          <div>
            <dt>{t('payouts.address')}</dt>
            <dd className="payout-destination">
              <code className="mono break" data-testid="payout-destination">
                {entry.destination}
              </code>
              <CopyButton
                className="btn btn-small btn-copy"
                icon={<Icon name="copy" size={16} />}
                text={entry.destination}
                label={t('payouts.copyAddressOf', { number: entry.number })}
              />
            </dd>
          </div>
        ) : (
          <>
            <div>
              <dt>{t('payouts.bankName')}</dt>
              <dd data-user-content>{entry.bankName}</dd>
            </div>
            <div>
              <dt>{t('payouts.accountName')}</dt>
              <dd data-user-content>{entry.accountName}</dd>
            </div>
            <div>
              <dt>{t('payouts.accountNumber')}</dt>
              <dd className="payout-destination">
                <code className="mono break" data-testid="payout-destination">
                  {groupBankNumber(entry.destination)}
                </code>
                <CopyButton
                  className="btn btn-small btn-copy"
                  icon={<Icon name="copy" size={16} />}
                  text={entry.destination}
                  label={t('payouts.copyAccountOf', { number: entry.number })}
                />
              </dd>
            </div>
            {entry.localAmount && entry.currency ? (
              <div>
                <dt>{t('payouts.localAmount')}</dt>
                <dd>
                  <strong>
                    {formatExactAmount(entry.localAmount)} {entry.currency}
                  </strong>
                </dd>
              </div>
            ) : null}
          </>
        )}
        <div>
          <dt>{t('payouts.requested')}</dt>
          <dd>{formatDateTime(entry.createdAt)}</dd>
        </div>
        {entry.decidedAt ? (
          <div>
            <dt>{t('payouts.approved')}</dt>
            <dd>{formatDateTime(entry.decidedAt)}</dd>
          </div>
        ) : null}
        {entry.paidAt ? (
          <div>
            <dt>{t('payouts.paid')}</dt>
            <dd>{formatDateTime(entry.paidAt)}</dd>
          </div>
        ) : null}
        {entry.txHash ? (
          <div>
            <dt>{t('payouts.txHash')}</dt>
            <dd>
              {entry.explorerUrl ? (
                <a
                  className="mono break"
                  href={entry.explorerUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('payouts.viewOnExplorer', { hash: entry.txHash })}
                >
                  {entry.txHash} <Icon name="external" size={14} />
                </a>
              ) : (
                <code className="mono break">{entry.txHash}</code>
              )}
            </dd>
          </div>
        ) : null}
        {entry.bankReference ? (
          <div>
            <dt>{t('payouts.bankReference')}</dt>
            <dd className="mono break" data-user-content>
              {entry.bankReference}
            </dd>
          </div>
        ) : null}
      </dl>
      {entry.lastError ? (
        <div className="notice notice-warning">
          <p>{t('payouts.lastError')}</p>
          <code className="block break small" data-technical>
            {entry.lastError}
          </code>
        </div>
      ) : null}
      {canSend && isWaiting ? (
        <div className="payout-actions" role="group" aria-label={t('payouts.actionsFor', { item: label })}>
          {isChain && entry.chain === 'BEP20' && hasHotWallet && entry.hotWalletEligible ? (
            <button type="button" className="btn btn-primary" onClick={() => onAction(entry, 'hotWallet')}>
              {t('payouts.payHotWallet')}
            </button>
          ) : null}
          {isChain ? (
            <button
              type="button"
              className={entry.hotWalletEligible && hasHotWallet ? 'btn' : 'btn btn-primary'}
              onClick={() => onAction(entry, 'manualChain')}
            >
              {t('payouts.recordChain')}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => onAction(entry, 'bank')}>
              {t('payouts.recordBank')}
            </button>
          )}
          <button type="button" className="btn btn-danger-text" onClick={() => onAction(entry, 'reject')}>
            {t('payouts.reject')}
          </button>
        </div>
      ) : null}
      {canSend && isWaiting && isChain && !(hasHotWallet && entry.hotWalletEligible) ? (
        <p className="muted small">{entry.chain === 'BEP20' && hasHotWallet ? t('payouts.notEligible') : t('payouts.manualOnly')}</p>
      ) : null}
    </article>
  );
}
