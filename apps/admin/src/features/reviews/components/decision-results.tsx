import { useTranslation } from 'react-i18next';
import type { DecisionResult } from '../api/review-decide';
import { useOutcomeText } from './review-bits';

export interface ResultRow extends DecisionResult {
  /** Who and what, kept from the row as it was when decided (it may have left the list). */
  label: string;
}

/** What the server answered for each id of the last decision; refusals stand out. */
export function DecisionResults({ rows, onDismiss }: { rows: readonly ResultRow[]; onDismiss: () => void }) {
  const { t } = useTranslation();
  const outcomeText = useOutcomeText();
  const refused = rows.filter((r) => r.outcome === 'refused').length;
  return (
    <section className={refused > 0 ? 'results card results-warning' : 'results card'} aria-labelledby="decision-results-title" role="status">
      <div className="results-head">
        <h2 className="card-title" id="decision-results-title">
          {t('reviews.resultsTitle', { done: rows.length - refused, refused })}
        </h2>
        <button type="button" className="btn btn-ghost" onClick={onDismiss}>
          {t('common.dismiss')}
        </button>
      </div>
      <ul className="results-list">
        {rows.map((row) => (
          <li key={row.id} className={`result result-${row.outcome}`}>
            <span className="result-label">{row.label}</span>
            <span className="result-text">{outcomeText(row)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
