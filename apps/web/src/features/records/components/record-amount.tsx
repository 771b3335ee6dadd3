import type { RecordEntry } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact } from '@pp/contract';
import { SignedAmount } from './signed-amount';

const magnitudeOf = (value: string) => value.trim().replace(/^[-+]/, '');

/** Statuses of a movement not settled yet: reviewed, paid out or confirmed later. */
const waitingStatuses: ReadonlySet<RecordEntry['status']> = new Set(['pendingReview', 'pendingDisbursement', 'processing']);
export const isWaiting = (record: RecordEntry): boolean => waitingStatuses.has(record.status);

/**
 * What a record did to the member's money. A move between the member's own balances (available
 * to fixed) is neither a gain nor a loss, so it is shown without sign or colour; a cancelled or
 * rejected hold came back whole, so its amount is neutral and the refund is said in words, and a
 * rejected credit is neutral too, since it never arrived. A credit still waiting (a deposit under
 * review) is not money the member has yet: it keeps its "+" but not the green of credited money,
 * and its status badge beside it says it is pending.
 */
export function RecordAmount({ record }: { record: RecordEntry }) {
  const language = currentLanguage();
  // A voided transfer moved nothing in the end: a rejected credit never arrived either.
  const isVoided = record.status === 'cancelled' || record.status === 'rejected' || record.status === 'failed';
  if (record.movement === 'move' || record.returned !== null || isVoided) {
    return <span className="amount">{formatExact(magnitudeOf(record.amount), language)}</span>;
  }
  if (isWaiting(record) && !record.amount.trim().startsWith('-')) {
    return (
      <span className="amount amount-pending" data-pending="true">
        +{formatExact(magnitudeOf(record.amount), language)}
      </span>
    );
  }
  return <SignedAmount value={record.amount} />;
}

/** The line under a record that says where its money went, or null when the amount says it all. */
export function RecordOutcome({ record }: { record: RecordEntry }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (record.movement === 'move' && record.fromAccount && record.toAccount) {
    return (
      <span className="record-outcome">
        {t('records.move', { from: t(`records.accounts.${record.fromAccount}`), to: t(`records.accounts.${record.toAccount}`) })}
      </span>
    );
  }
  if (record.returned !== null) {
    return <span className="record-outcome record-outcome-returned">{t('records.returned', { amount: formatExact(record.returned, language) })}</span>;
  }
  return null;
}

/** A rejection's reason in the member's language, with the reviewer's own words after it. */
export function useRejectReason(): (record: RecordEntry) => string | null {
  const { t } = useTranslation();
  return (record) => {
    if (record.status !== 'rejected') return null;
    const code = record.rejectReasonCode && record.rejectReasonCode !== 'other' ? t(`exchange.rejectReasons.${record.rejectReasonCode}`) : '';
    const text = [code, record.rejectReason?.trim() ?? ''].filter(Boolean).join(' — ');
    return text === '' ? t('exchange.rejectReasons.other') : text;
  };
}
