import { useTranslation } from 'react-i18next';
import type { ConfigEntry } from '@pp/contract';
import { Dialog } from '@pp/browser-kit';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { useConfigHistory } from '../api/config-history';
import { ConfigValue } from './config-value';

/** Every change of one setting, newest first as the server sends them. */
export function ConfigHistoryDialog({ entry, onClose }: { entry: ConfigEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useConfigHistory(entry?.key ?? null);
  return (
    <Dialog isOpen={entry !== null} onClose={onClose} title={entry ? t('configPage.historyTitle', { key: entry.key }) : ''} variant="drawer">
      {!entry ? null : history.isPending ? (
        <Loading />
      ) : history.isError ? (
        <ErrorState onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <EmptyState>{t('configPage.noHistory')}</EmptyState>
      ) : (
        <ol className="timeline">
          {history.data.map((change, index) => (
            <li key={`${change.at}-${index}`}>
              <p>
                <strong>{change.actorName}</strong> <span className="muted">{formatDateTime(change.at)}</span>
              </p>
              <p className="change">
                <ConfigValue kind={entry.kind} value={change.before} />
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden">{t('configPage.changedTo')}</span>
                <ConfigValue kind={entry.kind} value={change.after} />
              </p>
              {change.reason ? <p className="quote">{change.reason}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
