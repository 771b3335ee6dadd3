import type { RecordEntry } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { recordTypeName } from './record-type-name';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { desktopQuery, useMediaQuery } from '../../../lib/use-media-query';
import { RecordAmount, RecordOutcome, useRejectReason } from './record-amount';
import { RecordStatus } from './record-status';

interface RecordListProps {
  items: readonly RecordEntry[];
  coinLabel: (coinName: string) => string;
  onOpen: (record: RecordEntry) => void;
}

/** Records as a table on desktop and as cards on mobile: one name, two components, one data. */
export function RecordList(props: RecordListProps) {
  const isDesktop = useMediaQuery(desktopQuery);
  return isDesktop ? <RecordTable {...props} /> : <RecordCards {...props} />;
}

/** The two point types of an exchange record, in the reader's words. */
export function ExchangeName({ record, coinLabel }: { record: RecordEntry; coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  if (!record.exchange) return null;
  return (
    <span className="record-outcome">
      {t('exchange.typeName', { source: coinLabel(record.exchange.sourceCoin), target: coinLabel(record.exchange.targetCoin) })}
    </span>
  );
}

function RecordTable({ items, coinLabel, onOpen }: RecordListProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rejectReason = useRejectReason();
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{t('records.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('records.time')}</th>
            <th scope="col">{t('records.type')}</th>
            <th scope="col">{t('records.walletType')}</th>
            <th scope="col" className="num">
              {t('records.amount')}
            </th>
            <th scope="col">{t('records.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('records.details')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            // The row is a large click target for the mouse; the button in it is the keyboard's way in.
            <tr key={r.id} className="row-link" onClick={() => onOpen(r)}>
              <td className="nowrap">{formatDateTime(r.createdAt, language)}</td>
              <td>
                <span className="cell-stack">
                  {recordTypeName(t, r)}
                  <ExchangeName record={r} coinLabel={coinLabel} />
                </span>
              </td>
              <td>{coinLabel(r.coinName)}</td>
              <td className="num">
                <span className="cell-stack cell-stack-end">
                  <RecordAmount record={r} />
                  <RecordOutcome record={r} />
                </span>
              </td>
              <td>
                <span className="cell-stack">
                  <RecordStatus status={r.status} />
                  {rejectReason(r) ? <span className="status-reason">{rejectReason(r)}</span> : null}
                </span>
              </td>
              <td className="cell-action">
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  aria-label={t('records.openDetails', { type: recordTypeName(t, r), time: formatDateTime(r.createdAt, language) })}
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(r);
                  }}
                >
                  {t('records.details')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecordCards({ items, coinLabel, onOpen }: RecordListProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rejectReason = useRejectReason();
  return (
    <ul className="card-list">
      {items.map((r) => (
        <li key={r.id}>
          <button type="button" className="list-card" onClick={() => onOpen(r)} aria-haspopup="dialog">
            <span className="list-card-row">
              <span className="list-card-title">{recordTypeName(t, r)}</span>
              <RecordAmount record={r} />
            </span>
            {r.exchange || r.movement === 'move' || r.returned !== null ? (
              <span className="list-card-row list-card-meta">
                <ExchangeName record={r} coinLabel={coinLabel} />
                <RecordOutcome record={r} />
              </span>
            ) : null}
            <span className="list-card-row list-card-meta">
              <span>
                {coinLabel(r.coinName)} · {formatDateTime(r.createdAt, language)}
              </span>
              <RecordStatus status={r.status} />
            </span>
            {rejectReason(r) ? <span className="list-card-row status-reason">{rejectReason(r)}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
