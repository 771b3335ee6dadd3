import { useTranslation } from 'react-i18next';
import { rejectOnlyReviewQueues, type ReviewItem } from '@pp/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatExactAmount } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import type { DecisionResult } from '../api/review-decide';
import type { ReviewStatus } from '../api/review-list';

const statusTones: Record<ReviewStatus, BadgeTone> = {
  pending: 'info',
  awaitingSecond: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

export function StatusBadge({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  return <Badge tone={statusTones[status]}>{t(`reviews.status.${status}`)}</Badge>;
}

/** Items a person can still decide. */
export const isDecidable = (item: Pick<ReviewItem, 'status'>): boolean => item.status === 'pending' || item.status === 'awaitingSecond';

/** Queues whose items can only be rejected (decision 037: a chain deposit above the one-movement ceiling). */
export const canApproveIn = (queue: string): boolean => !rejectOnlyReviewQueues.includes(queue);

/** A summary field's value for people: booleans in words, the rest as given. */
export function SummaryValue({ value }: { value: ReviewItem['summary'][string] }) {
  const { t } = useTranslation();
  if (value === null) return <span className="muted">{t('common.none')}</span>;
  if (typeof value === 'boolean') return <>{value ? t('common.yes') : t('common.no')}</>;
  // Words the server uses as values (credit, debit, airdrop...) are translated when we know them.
  return <>{typeof value === 'string' ? translateOr(`reviewValues.${value}`, value) : String(value)}</>;
}

/** Summary fields that hold an amount, a point type or an exchange type: shown formatted and named, never as codes. */
const amountFields = new Set(['fee', 'received', 'amount', 'bonus', 'principal', 'released', 'ceiling']);
/** Addresses, account numbers and hashes: shown whole, in a monospaced font, breaking anywhere. */
const technicalFields = new Set(['destination', 'address', 'hash', 'accountNumber', 'holdingNumber', 'fromAddress', 'amountRaw']);
const coinFields = new Set(['sourceCoin', 'targetCoin', 'coinName']);
const coinName = (value: string) => translateOr(`coins.${value}`, value);

/** A setting's value kept as JSON: a plain value as itself, a list or object as compact JSON. */
export function settingText(json: string): string {
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return json;
  }
}

export function SummaryList({ summary }: { summary: ReviewItem['summary'] }) {
  const { t } = useTranslation();
  const entries = Object.entries(summary);
  if (entries.length === 0) return null;
  const field = (key: string, value: ReviewItem['summary'][string]) => {
    if (typeof value !== 'string') return <SummaryValue value={value} />;
    if (amountFields.has(key)) return <>{formatExactAmount(value)}</>;
    if (coinFields.has(key)) return <>{coinName(value)}</>;
    // An exchange type is a configured code; its two point types name it in every language.
    if (key === 'exchangeType' && typeof summary.sourceCoin === 'string' && typeof summary.targetCoin === 'string') {
      return <>{t('reviews.exchangeTypeName', { source: coinName(summary.sourceCoin), target: coinName(summary.targetCoin) })}</>;
    }
    // A withdrawal type is a configured code too: its channel and network (or currency) name it.
    if (key === 'withdrawalType') {
      const name =
        summary.channel === 'bank'
          ? t('payouts.channelBank', { currency: typeof summary.currency === 'string' ? summary.currency : '' })
          : t('payouts.channelChain', { chain: typeof summary.chain === 'string' ? summary.chain : '' });
      return (
        <>
          {name}{' '}
          <code className="muted small" data-technical>
            {value}
          </code>
        </>
      );
    }
    if (key === 'rate') return <>{formatExactAmount(value)}</>;
    // A setting change: the setting by its name, its values as the JSON the server keeps.
    if (key === 'key' && 'after' in summary) {
      return (
        <>
          {translateOr(`config.${value}`, value)}{' '}
          <code className="muted small" data-technical>
            {value}
          </code>
        </>
      );
    }
    if ((key === 'before' || key === 'after') && 'key' in summary) return <code className="mono break">{settingText(value)}</code>;
    // A bank withdrawal's payout in its currency (withdrawals carry the currency beside it).
    if (key === 'localAmount') return <>{`${formatExactAmount(value)}${typeof summary.currency === 'string' ? ` ${summary.currency}` : ''}`}</>;
    if (technicalFields.has(key)) return <code className="mono break">{value}</code>;
    return <SummaryValue value={value} />;
  };
  return (
    <dl className="summary-list">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{translateOr(`reviewFields.${key}`, key)}</dt>
          <dd>{field(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the server did with one id, in words. */
export function useOutcomeText(): (result: DecisionResult) => string {
  const { t } = useTranslation();
  return (result) => {
    switch (result.outcome) {
      case 'approved':
        return t('reviews.outcome.approved');
      case 'rejected':
        return t('reviews.outcome.rejected');
      case 'awaitingSecond':
        return t('reviews.outcome.awaitingSecond');
      case 'refused':
        return t('reviews.outcome.refused', {
          // A refused setting change names the validation key its value broke (validation.bonusAboveFee).
          reason: result.error ? translateOr(`errors.${result.error}`, translateOr(result.error, result.error)) : t('reviews.outcome.noReason'),
        });
    }
  };
}
