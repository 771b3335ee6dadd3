import type { RecordEntry } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { desktopQuery, useMediaQuery } from '../../../lib/use-media-query';
import { RecordStatus } from './record-status';
import { SignedAmount } from './signed-amount';

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

function RecordTable({ items, coinLabel, onOpen }: RecordListProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
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
              <td>{t(`records.types.${r.type}`)}</td>
              <td>{coinLabel(r.coinName)}</td>
              <td className="num">
                <SignedAmount value={r.amount} />
              </td>
              <td>
                <RecordStatus status={r.status} />
              </td>
              <td className="cell-action">
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  aria-label={t('records.openDetails', { type: t(`records.types.${r.type}`), time: formatDateTime(r.createdAt, language) })}
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
  return (
    <ul className="card-list">
      {items.map((r) => (
        <li key={r.id}>
          <button type="button" className="list-card" onClick={() => onOpen(r)} aria-haspopup="dialog">
            <span className="list-card-row">
              <span className="list-card-title">{t(`records.types.${r.type}`)}</span>
              <SignedAmount value={r.amount} />
            </span>
            <span className="list-card-row list-card-meta">
              <span>
                {coinLabel(r.coinName)} · {formatDateTime(r.createdAt, language)}
              </span>
              <RecordStatus status={r.status} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
