import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { holdingEventTypes, type HoldingEventType, formatExact } from '@pp/contract';
import { SelectField } from '@pp/browser-kit';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { usePaymentRecordList } from '../api/payment-record-list';
import { holdingPath } from '../holding-path';
import { EventDetail, hasDetail } from './event-detail';

/** Every money line of the member's holdings, newest first, by type. */
export function PaymentRecords({ coinLabel }: { coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [type, setType] = useState<HoldingEventType | ''>('');
  const list = usePaymentRecordList(type === '' ? undefined : type);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="stack-tight">
      <div className="withdraw-filter">
        <SelectField
          label={t('packages.records.type')}
          value={type}
          onValueChange={(v) => setType(v as HoldingEventType | '')}
          options={[{ value: '', label: t('packages.records.allTypes') }, ...holdingEventTypes.map((x) => ({ value: x, label: t(`packages.events.${x}`) }))]}
        />
      </div>
      <PagedListBody list={list} isEmpty={items.length === 0} empty={type === '' ? t('packages.records.empty') : t('packages.records.emptyFiltered')}>
        <ul className="card-list package-grid" aria-label={t('packages.tabs.records')}>
          {items.map((item) => (
            <li key={item.id} className="list-card" data-testid="payment-record">
              <div className="list-card-row">
                <span className="list-card-title">{t(`packages.events.${item.type}`)}</span>
                <span
                  className={item.amount.startsWith('-') ? 'amount amount-out' : 'amount amount-in'}
                >{`${formatExact(item.amount, language)} ${coinLabel(item.coinName)}`}</span>
              </div>
              <dl className="list-card-fields">
                <div>
                  <dt>{t('packages.holdings.number')}</dt>
                  <dd>
                    <Link to={holdingPath(item.holdingId)} className="mono">
                      {item.holdingNumber}
                    </Link>
                  </dd>
                </div>
                <div>
                  <dt>{t('packages.records.product')}</dt>
                  <dd data-user-content>{item.productName}</dd>
                </div>
                {item.detail && hasDetail(item.type, item.detail) ? (
                  <div>
                    <dt>{t('packages.records.detail')}</dt>
                    <dd>
                      <EventDetail type={item.type} detail={item.detail} />
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('packages.records.at')}</dt>
                  <dd>{formatDateTime(item.at, language)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </PagedListBody>
    </div>
  );
}
