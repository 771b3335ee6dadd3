import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListBody, type ListQuery } from './states';

/**
 * The one shape of a back-office list page: a `FilterForm` card above a `ListCard`.
 * The filter form is a named search landmark that submits on Enter and offers "Search" (and
 * "Reset" when given); the card titles the list (visibly or for screen readers only) and shows its
 * loading, failed, empty or filled body with "load more" under a paged list. A list without a
 * cursor (jobs, staff, banners, document versions) passes its plain query to the same `ListCard`
 * and simply gets no "load more"; a page without filters leaves out `FilterForm`.
 */
export function FilterForm({ label, onSubmit, onReset, children }: { label: string; onSubmit: () => void; onReset?: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <form
      className="filters card"
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="filters-actions">
        {onReset ? (
          <button type="button" className="btn" onClick={onReset}>
            {t('common.reset')}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary">
          {t('common.search')}
        </button>
      </div>
    </form>
  );
}

export function ListCard({
  id,
  title,
  isTitleHidden = false,
  query,
  isEmpty,
  empty,
  children,
}: {
  /** The heading's id (the card is labelled by it). */
  id: string;
  title: string;
  /** A page whose header already names the list keeps the heading for screen readers only. */
  isTitleHidden?: boolean;
  query: ListQuery;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card card-flush" aria-labelledby={id}>
      <h2 className={isTitleHidden ? 'visually-hidden' : 'card-title card-pad'} id={id}>
        {title}
      </h2>
      <ListBody query={query} isEmpty={isEmpty} empty={empty} label={title}>
        {children}
      </ListBody>
    </section>
  );
}
