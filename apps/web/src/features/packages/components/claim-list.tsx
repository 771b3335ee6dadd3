import { useTranslation } from 'react-i18next';
import type { ClaimState } from '@pp/contract';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage, hasKey, translateKey } from '../../../lib/i18n';
import { formatExact } from '@pp/contract';
import { useClaimList } from '../api/claim-list';

const toneOf: Record<ClaimState, StatusTone> = { pendingReview: 'pending', approved: 'success', rejected: 'danger' };

/** The member's insurance claims with their review outcome. */
export function ClaimList({ coinLabel }: { coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const list = useClaimList();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const reasonOf = (code: string | null, text: string | null): string => {
    const key = code && code !== 'other' ? `exchange.rejectReasons.${code}` : '';
    const coded = key && hasKey(key) ? translateKey(key) : '';
    return [coded, text?.trim() ?? ''].filter(Boolean).join(' — ') || t('exchange.rejectReasons.other');
  };
  return (
    <PagedListBody list={list} isEmpty={items.length === 0} empty={t('packages.claims.empty')}>
      <ul className="card-list package-grid" aria-label={t('packages.claims.title')}>
        {items.map((item) => (
          <li key={item.id} className="list-card" data-testid="package-claim">
            <div className="list-card-row">
              <strong>{`${formatExact(item.amount, language)} ${coinLabel(item.coinName)}`}</strong>
              <StatusBadge tone={toneOf[item.state]}>{t(`packages.claims.states.${item.state}`)}</StatusBadge>
            </div>
            <dl className="list-card-fields">
              <div>
                <dt>{t('packages.holdings.number')}</dt>
                <dd className="mono">{item.holdingNumber}</dd>
              </div>
              <div>
                <dt>{t('packages.records.product')}</dt>
                <dd data-user-content>{item.productName}</dd>
              </div>
              <div>
                <dt>{t('packages.claims.createdAt')}</dt>
                <dd>{formatDateTime(item.createdAt, language)}</dd>
              </div>
              {item.decidedAt !== null ? (
                <div>
                  <dt>{t('packages.claims.decidedAt')}</dt>
                  <dd>{formatDateTime(item.decidedAt, language)}</dd>
                </div>
              ) : null}
              {item.state === 'rejected' ? (
                <div>
                  <dt>{t('packages.claims.reason')}</dt>
                  <dd data-user-content>{reasonOf(item.rejectReasonCode, item.rejectReason)}</dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </PagedListBody>
  );
}
