import { useTranslation } from 'react-i18next';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact } from '@pp/contract';
import { useBuyEquityRecordList } from '../api/buy-equity-record-list';

/** The member's share purchases and bonus payments, newest first, a page at a time. */
export function EquityRecords({ coinLabel }: { coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const list = useBuyEquityRecordList();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <PagedListBody list={{ ...list, isPlaceholderData: false }} isEmpty={items.length === 0} empty={t('equity.noRecords')}>
      <ul className="card-list" aria-label={t('equity.records')}>
        {items.map((r) => (
          <li key={r.id} className="list-card" data-testid="equity-record" data-kind={r.kind}>
            <div className="list-card-row list-card-row-wrap">
              <StatusBadge tone={r.kind === 'buy' ? 'neutral' : 'success'}>{t(`equity.kinds.${r.kind}`)}</StatusBadge>
              <span
                className={r.kind === 'buy' ? 'amount amount-out' : 'amount amount-in'}
              >{`${r.kind === 'buy' ? '−' : '+'}${formatExact(r.amount, language)} ${coinLabel(r.coinName)}`}</span>
            </div>
            <dl className="list-card-fields">
              <div>
                <dt>{t('equity.shares')}</dt>
                <dd>{r.shares.toLocaleString(language)}</dd>
              </div>
              {r.period !== null ? (
                <div>
                  <dt>{t('equity.period')}</dt>
                  <dd>{r.period}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('equity.time')}</dt>
                <dd>{formatDateTime(r.createdAt, language)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </PagedListBody>
  );
}
