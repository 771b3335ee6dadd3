import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditActions, type AuditEntry } from '@pp/contract';
import { TextField } from '@pp/browser-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { FilterForm, ListCard } from '../../../components/ui/list-page';
import { endOfDayMs, formatDateTime, formatJson, startOfDayMs } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import { auditRejectReason } from '../../../lib/coded-reason';
import { useAuditList, type AuditFilter } from '../api/audit-list';

const emptyForm = { actor: '', action: '', targetId: '', text: '', from: '', to: '' };

/** The append-only audit trail: who did what to which record, when and why, with before and after. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState(emptyForm);
  const [filter, setFilter] = useState<AuditFilter>({ actor: '', action: '', targetId: '', text: '' });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const { query: list, items: entries } = useAuditList(filter);
  const set = (name: keyof typeof emptyForm) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  function toggle(id: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <>
      <PageHeader title={t('audit.title')}>
        <p className="muted">{t('audit.intro')}</p>
      </PageHeader>
      <FilterForm
        label={t('audit.filters')}
        onSubmit={() => {
          setExpanded(new Set());
          setFilter({
            actor: form.actor,
            action: form.action,
            targetId: form.targetId,
            text: form.text,
            fromMs: startOfDayMs(form.from),
            toMs: endOfDayMs(form.to),
          });
        }}
        onReset={() => {
          setForm(emptyForm);
          setFilter({ actor: '', action: '', targetId: '', text: '' });
        }}
      >
        <TextField id="audit-actor" label={t('audit.actor')} value={form.actor} onValueChange={set('actor')} maxLength={64} />
        <TextField
          id="audit-action"
          label={t('audit.action')}
          value={form.action}
          onValueChange={set('action')}
          maxLength={64}
          list="audit-action-list"
          autoComplete="off"
        />
        <datalist id="audit-action-list">
          {auditActions.map((action) => (
            <option key={action} value={action}>
              {translateOr(`auditActions.${action}`, action)}
            </option>
          ))}
        </datalist>
        <TextField id="audit-target" label={t('audit.targetId')} value={form.targetId} onValueChange={set('targetId')} maxLength={64} />
        <TextField id="audit-text" label={t('audit.text')} value={form.text} onValueChange={set('text')} maxLength={100} type="search" />
        <TextField id="audit-from" label={t('audit.from')} value={form.from} onValueChange={set('from')} type="date" />
        <TextField id="audit-to" label={t('audit.to')} value={form.to} onValueChange={set('to')} type="date" min={form.from || undefined} />
      </FilterForm>
      <ListCard id="audit-entries" title={t('audit.entries')} isTitleHidden query={list} isEmpty={entries.length === 0} empty={t('audit.empty')}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('audit.time')}</th>
              <th scope="col">{t('audit.actor')}</th>
              <th scope="col">{t('audit.action')}</th>
              <th scope="col">{t('audit.target')}</th>
              <th scope="col">{t('audit.reason')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('audit.changes')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} isExpanded={expanded.has(entry.id)} onToggle={() => toggle(entry.id)} />
            ))}
          </tbody>
        </table>
      </ListCard>
    </>
  );
}

function AuditRow({ entry, isExpanded, onToggle }: { entry: AuditEntry; isExpanded: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const detailId = `audit-${entry.id}`;
  return (
    <Fragment>
      <tr>
        <td className="nowrap">{formatDateTime(entry.at)}</td>
        <td>{entry.actorName}</td>
        <td>
          <span>{translateOr(`auditActions.${entry.action}`, entry.action)}</span>
          {hasAction(entry.action) ? (
            <span className="mono muted small block" data-technical>
              {entry.action}
            </span>
          ) : null}
        </td>
        <td className="col-target">
          <span className="muted">{targetTypeText(entry.targetType)}</span>{' '}
          {/* The record's identifier (a member id, `whitePaper:zh-CN`), under its translated type. */}
          <span className="mono break" data-technical>
            {entry.targetId}
          </span>
        </td>
        <td className="col-reason" data-user-content>
          <ReasonText entry={entry} />
        </td>
        <td className="nowrap">
          <button type="button" className="btn btn-small" aria-expanded={isExpanded} aria-controls={isExpanded ? detailId : undefined} onClick={onToggle}>
            {isExpanded ? t('audit.hideChanges') : t('audit.showChanges')}
          </button>
        </td>
      </tr>
      {isExpanded ? (
        <tr id={detailId} className="row-detail">
          <td colSpan={6}>
            <div className="before-after">
              <div>
                <h3 className="section-title">{t('audit.before')}</h3>
                <pre className="json" data-user-content>
                  {formatJson(entry.before)}
                </pre>
              </div>
              <div>
                <h3 className="section-title">{t('audit.after')}</h3>
                <pre className="json" data-user-content>
                  {formatJson(entry.after)}
                </pre>
              </div>
            </div>
            <p className="muted small">{t('audit.ip', { ip: entry.ip })}</p>
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

/** "review:exchange" reads "Review item · Exchanges". */
/** A rejection's reason as its translated label followed by the words; any other reason as written. */
function ReasonText({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const coded = auditRejectReason(entry);
  if (!coded) return <>{entry.reason}</>;
  return (
    <>
      <span>{t(`rejectReasons.${coded.code}`)}</span>
      {coded.text ? `: ${coded.text}` : null}
    </>
  );
}

function targetTypeText(targetType: string): string {
  const [base = '', sub] = targetType.split(':', 2);
  const name = translateOr(`auditTargets.${base}`, base);
  return sub ? `${name} · ${translateOr(`queues.${sub}`, sub)}` : name;
}

function hasAction(action: string): boolean {
  return translateOr(`auditActions.${action}`, '') !== '';
}
