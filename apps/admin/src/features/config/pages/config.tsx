import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConfigEntry } from '@pp/contract';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/staff-session';
import { useConfigList } from '../api/config-list';
import { ConfigEditDialog } from '../components/config-edit-dialog';
import { ConfigHistoryDialog } from '../components/config-history-dialog';
import { ConfigValue } from '../components/config-value';

/** Groups in the server's order, entries in the server's order inside each. */
function groupEntries(entries: readonly ConfigEntry[]): Array<[string, ConfigEntry[]]> {
  const groups = new Map<string, ConfigEntry[]>();
  for (const entry of entries) {
    const list = groups.get(entry.group) ?? [];
    list.push(entry);
    groups.set(entry.group, list);
  }
  return [...groups];
}

/** Every server-driven setting: value, default, last change, an editor by kind and the history. */
export function ConfigPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useConfigList();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<ConfigEntry | null>(null);
  const [historyOf, setHistoryOf] = useState<ConfigEntry | null>(null);
  const canEdit = (entry: ConfigEntry) => can('config.write') || (entry.isMoney && can('config.writeMoney'));

  const groups = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const entries = (list.data ?? []).filter(
      (entry) => needle === '' || entry.key.toLowerCase().includes(needle) || translateOr(`config.${entry.key}`, '').toLowerCase().includes(needle),
    );
    return groupEntries(entries);
  }, [list.data, filter]);

  return (
    <>
      <PageHeader title={t('configPage.title')}>
        <p className="muted">
          {can('config.write') ? t('configPage.introAdmin') : can('config.writeMoney') ? t('configPage.introMoney') : t('configPage.introRead')}
        </p>
      </PageHeader>
      <div className="filters card">
        <div className="field">
          <label className="field-label" htmlFor="config-filter">
            {t('configPage.filter')}
          </label>
          <input id="config-filter" className="input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} maxLength={100} />
        </div>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState>{filter ? t('configPage.noMatch') : t('configPage.none')}</EmptyState>
      ) : (
        groups.map(([group, entries]) => (
          <section key={group} className="card card-flush" aria-labelledby={`config-group-${group}`}>
            <h2 className="card-title card-pad" id={`config-group-${group}`}>
              {translateOr(`configGroups.${group}`, group)}
            </h2>
            <ul className="config-list">
              {entries.map((entry) => {
                const description = translateOr(`config.${entry.key}`, '');
                return (
                  <li key={entry.key} className="config-row">
                    <div className="config-name">
                      <p className="config-title">{description || entry.key}</p>
                      {/* The setting's key, under its name: the identifier engineers and the audit log use. */}
                      {description ? (
                        <p className="mono muted small" data-technical>
                          {entry.key}
                        </p>
                      ) : null}
                      {entry.isMoney ? <Badge tone="warning">{t('configPage.money')}</Badge> : null}
                      {entry.control ? (
                        <span title={t('configPage.controlHint')}>
                          <Badge tone="info">{t('configPage.control')}</Badge>
                        </span>
                      ) : null}
                      {entry.pendingChange ? (
                        <p className="small" role="status">
                          {t('configPage.pending', {
                            value: JSON.stringify(entry.pendingChange.value),
                            name: entry.pendingChange.requestedBy,
                            time: formatDateTime(entry.pendingChange.requestedAt),
                          })}{' '}
                          <Link to={paths.reviewQueue('settingChange')}>{t('configPage.pendingOpen')}</Link>
                        </p>
                      ) : null}
                    </div>
                    <dl className="config-values">
                      <div>
                        <dt>{t('configPage.current')}</dt>
                        <dd>
                          <ConfigValue kind={entry.kind} value={entry.value} />
                        </dd>
                      </div>
                      <div>
                        <dt>{t('configPage.default')}</dt>
                        <dd>
                          <ConfigValue kind={entry.kind} value={entry.defaultValue} />
                        </dd>
                      </div>
                      <div>
                        <dt>{t('configPage.lastChange')}</dt>
                        <dd>
                          {entry.updatedAt ? (
                            t('configPage.changedBy', { name: entry.updatedBy ?? '', time: formatDateTime(entry.updatedAt) })
                          ) : (
                            <span className="muted">{t('configPage.neverChanged')}</span>
                          )}
                        </dd>
                      </div>
                    </dl>
                    <div className="config-actions">
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => setHistoryOf(entry)}
                        aria-label={t('configPage.historyOf', { key: entry.key })}
                      >
                        <Icon name="history" size={16} />
                        <span>{t('configPage.history')}</span>
                      </button>
                      {canEdit(entry) ? (
                        <button
                          type="button"
                          className="btn btn-small btn-primary"
                          onClick={() => setEditing(entry)}
                          aria-label={t('configPage.editOf', { key: entry.key })}
                        >
                          {t('configPage.edit')}
                        </button>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
      <ConfigEditDialog entry={editing} onClose={() => setEditing(null)} />
      <ConfigHistoryDialog entry={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
