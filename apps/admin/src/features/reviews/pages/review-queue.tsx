import { useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reviewListStatuses, type ReviewItem, type ReviewListStatus } from '@pp/contract';
import { paths } from '../../../lib/paths';
import { SelectField, TextField, showToast } from '@pp/browser-kit';
import { ActionsHead } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { FilterForm, ListCard } from '../../../components/ui/list-page';
import { formatDateTime, formatExactAmount } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import { useCan } from '../../../lib/staff-session';
import type { DecisionResult } from '../api/review-decide';
import { useReviewList, type ReviewFilter } from '../api/review-list';
import { DecideDialog, type DecideTarget } from '../components/decide-dialog';
import { DecisionResults, type ResultRow } from '../components/decision-results';
import { ReviewDetailDrawer } from '../components/review-detail-drawer';
import { canApproveIn, isDecidable, StatusBadge, SummaryList } from '../components/review-bits';

interface ReviewQueuePageProps {
  /** The queue of this screen, from the route. */
  queue: string;
  /** Every queue the server has, for the tabs; null while loading. */
  queues: ReadonlyArray<{ queue: string; waiting: number }> | null;
}

const describeItem = (item: Pick<ReviewItem, 'memberName' | 'amount' | 'coinName'>) =>
  `${item.memberName} · ${formatExactAmount(item.amount)} ${translateOr(`coins.${item.coinName}`, item.coinName)}`;

/**
 * The one review screen every queue uses (manual adjustments now; exchanges, bank deposits and
 * withdrawals later): filter, select, read the evidence, approve or reject, alone or in bulk.
 */
export function ReviewQueuePage({ queue, queues }: ReviewQueuePageProps) {
  const { t } = useTranslation();
  const can = useCan();
  const canDecide = can('reviews.decide');
  const [filter, setFilter] = useState<ReviewFilter>({ status: 'waiting', memberName: '' });
  const [memberInput, setMemberInput] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [target, setTarget] = useState<DecideTarget | null>(null);
  const [results, setResults] = useState<ResultRow[] | null>(null);
  const { query: list, items } = useReviewList(queue, filter);
  const queueName = translateOr(`queues.${queue}`, queue);

  const decidable = items.filter(isDecidable);
  const selectedItems = items.filter((item) => selected.has(item.id));
  const isAllSelected = decidable.length > 0 && decidable.every((item) => selected.has(item.id));
  // Checkboxes only where something can still be decided: not in the approved or rejected lists.
  const hasChecks = canDecide && (filter.status === 'waiting' || filter.status === 'pending' || filter.status === 'awaitingSecond');

  function changeFilter(next: ReviewFilter) {
    setFilter(next);
    setSelected(new Set());
  }

  function toggle(id: string, isOn: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function onDecided(answer: DecisionResult[]) {
    const labels = new Map((target?.items ?? []).map((item) => [item.id, describeItem(item)]));
    setResults(answer.map((result) => ({ ...result, label: labels.get(result.id) ?? result.id })));
    // Decided items leave the selection; refused ones stay, so they can be looked at again.
    const done = new Set(answer.filter((r) => r.outcome !== 'refused').map((r) => r.id));
    setSelected((current) => new Set([...current].filter((id) => !done.has(id))));
    const refused = answer.length - done.size;
    showToast(refused > 0 ? 'error' : 'success', t('reviews.resultsTitle', { done: done.size, refused }));
    setTarget(null);
  }

  return (
    <>
      <PageHeader title={t('reviews.title', { queue: queueName })} />
      {queues && queues.length > 1 ? (
        <nav className="tabs" aria-label={t('reviews.queues')}>
          {queues.map((q) => (
            <NavLink key={q.queue} to={paths.reviewQueue(q.queue)} className={({ isActive }) => (isActive ? 'tab is-active' : 'tab')}>
              {translateOr(`queues.${q.queue}`, q.queue)}
              <span className="tab-count">{q.waiting}</span>
            </NavLink>
          ))}
        </nav>
      ) : null}

      <FilterForm label={t('reviews.filters')} onSubmit={() => changeFilter({ ...filter, memberName: memberInput.trim() })}>
        <SelectField
          id="review-status"
          label={t('reviews.col.status')}
          value={filter.status}
          onValueChange={(value) => changeFilter({ ...filter, status: value as ReviewListStatus })}
          options={reviewListStatuses.map((status) => ({ value: status, label: t(`reviews.status.${status}`) }))}
        />
        <TextField id="review-member" label={t('reviews.memberFilter')} value={memberInput} onValueChange={setMemberInput} maxLength={64} type="search" />
      </FilterForm>

      {results ? <DecisionResults rows={results} onDismiss={() => setResults(null)} /> : null}

      {canDecide && selected.size > 0 ? (
        <div className="bulk-bar" role="region" aria-label={t('reviews.bulkActions')}>
          <span>{t('reviews.selected', { count: selected.size })}</span>
          <button type="button" className="btn" onClick={() => setSelected(new Set())}>
            {t('reviews.clearSelection')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => setTarget({ decision: 'reject', items: selectedItems })}>
            {t('reviews.rejectSelected')}
          </button>
          {canApproveIn(queue) ? (
            <button type="button" className="btn btn-primary" onClick={() => setTarget({ decision: 'approve', items: selectedItems })}>
              {t('reviews.approveSelected')}
            </button>
          ) : null}
        </div>
      ) : null}

      <ListCard id="review-table-title" title={t('reviews.items')} isTitleHidden query={list} isEmpty={items.length === 0} empty={t('reviews.empty')}>
        <table className="table has-actions">
          <thead>
            <tr>
              {hasChecks ? (
                <th scope="col" className="col-check">
                  <input
                    type="checkbox"
                    aria-label={t('reviews.selectAll')}
                    checked={isAllSelected}
                    disabled={decidable.length === 0}
                    onChange={(e) => setSelected(e.target.checked ? new Set(decidable.map((item) => item.id)) : new Set())}
                  />
                </th>
              ) : null}
              <th scope="col">{t('reviews.col.created')}</th>
              <th scope="col">{t('reviews.col.member')}</th>
              <th scope="col" className="num">
                {t('reviews.col.amount')}
              </th>
              <th scope="col">{t('reviews.col.status')}</th>
              <th scope="col">{t('reviews.col.summary')}</th>
              <ActionsHead />
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className={selected.has(item.id) ? 'is-selected' : undefined}>
                {hasChecks ? (
                  <td className="col-check">
                    <input
                      type="checkbox"
                      aria-label={t('reviews.selectItem', { item: describeItem(item) })}
                      checked={selected.has(item.id)}
                      disabled={!isDecidable(item)}
                      onChange={(e) => toggle(item.id, e.target.checked)}
                    />
                  </td>
                ) : null}
                <td className="nowrap">{formatDateTime(item.createdAt)}</td>
                <td>{item.memberName}</td>
                <td className="num nowrap">
                  {formatExactAmount(item.amount)} <span className="muted">{translateOr(`coins.${item.coinName}`, item.coinName)}</span>
                </td>
                <td>
                  <StatusBadge status={item.status} />
                </td>
                <td className="col-summary">
                  <SummaryList summary={item.summary} />
                </td>
                <td className="nowrap">
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setOpenId(item.id)}
                    aria-label={t('reviews.openItem', { item: describeItem(item) })}
                  >
                    {t('reviews.details')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListCard>

      <ReviewDetailDrawer
        id={openId}
        onClose={() => setOpenId(null)}
        canDecide={canDecide}
        onDecide={(item, decision) => setTarget({ decision, items: [item] })}
      />
      <DecideDialog target={target} onClose={() => setTarget(null)} onDecided={onDecided} />
    </>
  );
}
