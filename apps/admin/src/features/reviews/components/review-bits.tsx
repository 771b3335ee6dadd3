import { useTranslation } from 'react-i18next';
import type { ReviewItem } from '@pp/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
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

/** A summary field's value for people: booleans in words, the rest as given. */
export function SummaryValue({ value }: { value: ReviewItem['summary'][string] }) {
  const { t } = useTranslation();
  if (value === null) return <span className="muted">{t('common.none')}</span>;
  if (typeof value === 'boolean') return <>{value ? t('common.yes') : t('common.no')}</>;
  // Words the server uses as values (credit, debit, airdrop...) are translated when we know them.
  return <>{typeof value === 'string' ? translateOr(`reviewValues.${value}`, value) : String(value)}</>;
}

export function SummaryList({ summary }: { summary: ReviewItem['summary'] }) {
  const entries = Object.entries(summary);
  if (entries.length === 0) return null;
  return (
    <dl className="summary-list">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{translateOr(`reviewFields.${key}`, key)}</dt>
          <dd>
            <SummaryValue value={value} />
          </dd>
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
          reason: result.error ? translateOr(`errors.${result.error}`, result.error) : t('reviews.outcome.noReason'),
        });
    }
  };
}
