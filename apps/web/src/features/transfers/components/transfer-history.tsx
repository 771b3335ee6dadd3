import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferEntry } from '@pp/contract';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact } from '@pp/contract';
import { desktopQuery, useMediaQuery } from '../../../lib/use-media-query';
import { useTransferList, type TransferDirection } from '../api/transfer-list';

const directions = ['all', 'in', 'out'] as const;
type DirectionChoice = (typeof directions)[number];

interface RowsProps {
  items: readonly TransferEntry[];
  coinLabel: (coinName: string) => string;
}

/** Transfers the member sent and received, newest first, filtered by direction. */
export function TransferHistory({ coinLabel }: { coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<DirectionChoice>('all');
  const direction: TransferDirection | undefined = choice === 'all' ? undefined : choice;
  const list = useTransferList(direction);
  const isDesktop = useMediaQuery(desktopQuery);
  const name = useId();

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const Rows = isDesktop ? TransferTable : TransferCards;
  return (
    <div className="stack-tight">
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('transfer.direction')}</legend>
        {directions.map((d) => (
          <label key={d} className={choice === d ? 'segment segment-active' : 'segment'}>
            <input type="radio" name={name} value={d} checked={choice === d} onChange={() => setChoice(d)} className="visually-hidden" />
            {t(`transfer.directions.${d}`)}
          </label>
        ))}
      </fieldset>
      <PagedListBody list={list} isEmpty={items.length === 0} empty={t('transfer.empty')}>
        <Rows items={items} coinLabel={coinLabel} />
      </PagedListBody>
    </div>
  );
}

function TransferTable({ items, coinLabel }: RowsProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="table-wrap" tabIndex={0} role="group" aria-label={t('transfer.history')}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('transfer.time')}</th>
            <th scope="col">{t('transfer.from')}</th>
            <th scope="col">{t('transfer.to')}</th>
            <th scope="col">{t('transfer.coinName')}</th>
            <th scope="col" className="num">
              {t('transfer.amount')}
            </th>
            <th scope="col" className="num">
              {t('transfer.fee')}
            </th>
            <th scope="col" className="num">
              {t('transfer.bonus')}
            </th>
            <th scope="col">{t('transfer.status')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((x) => (
            <tr key={x.id}>
              <td className="time-cell">{formatDateTime(x.createdAt, language)}</td>
              <td className="break">{x.fromUserName}</td>
              <td className="break">{x.toUserName}</td>
              <td>{coinLabel(x.coinName)}</td>
              <td className="num">{formatExact(x.amount, language)}</td>
              <td className="num">{formatExact(x.fee, language)}</td>
              <td className="num">{formatExact(x.bonus, language)}</td>
              <td>
                <StatusBadge tone="success">{t(`transfer.statuses.${x.status}`)}</StatusBadge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TransferCards({ items, coinLabel }: RowsProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <ul className="card-list">
      {items.map((x) => (
        <li key={x.id} className="list-card">
          <div className="list-card-row">
            <span className="list-card-title break">
              {x.direction === 'out' ? t('transfer.sentTo', { name: x.toUserName }) : t('transfer.receivedFrom', { name: x.fromUserName })}
            </span>
            <span className="amount">
              {formatExact(x.amount, language)} {coinLabel(x.coinName)}
            </span>
          </div>
          <dl className="list-card-fields">
            <div>
              <dt>{t('transfer.time')}</dt>
              <dd>{formatDateTime(x.createdAt, language)}</dd>
            </div>
            <div>
              <dt>{t('transfer.from')}</dt>
              <dd className="break">{x.fromUserName}</dd>
            </div>
            <div>
              <dt>{t('transfer.to')}</dt>
              <dd className="break">{x.toUserName}</dd>
            </div>
            <div>
              <dt>{t('transfer.fee')}</dt>
              <dd>{formatExact(x.fee, language)}</dd>
            </div>
            <div>
              <dt>{t('transfer.bonus')}</dt>
              <dd>{formatExact(x.bonus, language)}</dd>
            </div>
            <div>
              <dt>{t('transfer.status')}</dt>
              <dd>
                <StatusBadge tone="success">{t(`transfer.statuses.${x.status}`)}</StatusBadge>
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
