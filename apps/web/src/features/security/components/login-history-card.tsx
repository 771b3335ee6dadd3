import { useTranslation } from 'react-i18next';
import type { LoginHistoryEntry } from '@pp/contract';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { desktopQuery, useMediaQuery } from '../../../lib/use-media-query';
import { useLoginHistory } from '../api/login-history';
import { deviceLabel } from './device-label';
import { LoadState } from './load-state';

/** The newest sign-ins (the server keeps all; the page shows the last `limit`). */
export function LoginHistoryCard() {
  const { t } = useTranslation();
  const history = useLoginHistory();
  const isDesktop = useMediaQuery(desktopQuery);

  let body;
  if (history.data) {
    const Rows = isDesktop ? HistoryTable : HistoryCards;
    body = history.data.items.length === 0 ? <p className="empty">{t('security.history.empty')}</p> : <Rows items={history.data.items} />;
  } else {
    body = <LoadState isError={history.isError} onRetry={() => void history.refetch()} />;
  }
  return (
    <Card title={t('security.history.title')}>
      <div className="stack-tight">
        <p className="field-hint">{t('security.history.intro', { limit: history.data?.limit ?? 50 })}</p>
        {body}
      </div>
    </Card>
  );
}

function HistoryTable({ items }: { items: readonly LoginHistoryEntry[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="table-wrap" tabIndex={0} role="group" aria-label={t('security.history.title')}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('security.history.time')}</th>
            <th scope="col">{t('security.history.address')}</th>
            <th scope="col">{t('security.history.device')}</th>
            <th scope="col">{t('security.history.method')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((x, i) => (
            <tr key={`${x.at}-${i}`}>
              <td className="time-cell">{formatDateTime(x.at, language)}</td>
              <td className="break">{x.ip}</td>
              <td>{deviceLabel(t, x)}</td>
              <td>{t(`security.history.methods.${x.method}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HistoryCards({ items }: { items: readonly LoginHistoryEntry[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <ul className="card-list">
      {items.map((x, i) => (
        <li key={`${x.at}-${i}`} className="list-card">
          <div className="list-card-row">
            <span className="list-card-title">{formatDateTime(x.at, language)}</span>
          </div>
          <dl className="list-card-fields">
            <div>
              <dt>{t('security.history.device')}</dt>
              <dd className="break">{deviceLabel(t, x)}</dd>
            </div>
            <div>
              <dt>{t('security.history.address')}</dt>
              <dd className="break">{x.ip}</dd>
            </div>
            <div>
              <dt>{t('security.history.method')}</dt>
              <dd>{t(`security.history.methods.${x.method}`)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
