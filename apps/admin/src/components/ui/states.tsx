import type { ReactNode } from 'react';
import { TableBox } from './data-table';
import { useTranslation } from 'react-i18next';

/** A region that is loading; announced politely once. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="state state-empty">{children}</div>;
}

/** A load that failed: the toast already said why; this keeps the place and offers a retry. */
export function ErrorState({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state-error" role="alert">
      <p>{message ?? t('common.loadFailed')}</p>
      {onRetry ? (
        <button type="button" className="btn" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** "Load more" under a cursor-paginated table. */
export function LoadMore({ hasMore, isLoading, onLoadMore }: { hasMore: boolean; isLoading: boolean; onLoadMore: () => void }) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <button type="button" className="btn" onClick={onLoadMore} disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? t('common.loading') : t('common.loadMore')}
      </button>
    </div>
  );
}

/** What `ListBody` reads of a react-query list (plain or infinite). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

/**
 * A list's body: loading, failed (with a retry), empty, or the table in its scroll box named
 * `label`; "load more" under it when the query is paged.
 */
export function ListBody({
  query,
  isEmpty,
  empty,
  label,
  children,
}: {
  query: ListQuery;
  isEmpty: boolean;
  empty: ReactNode;
  label: string;
  children: ReactNode;
}) {
  const body = query.isPending ? (
    <Loading />
  ) : query.isError ? (
    <ErrorState onRetry={() => void query.refetch()} />
  ) : isEmpty ? (
    <EmptyState>{empty}</EmptyState>
  ) : (
    <TableBox label={label}>{children}</TableBox>
  );
  const fetchNextPage = query.fetchNextPage;
  return (
    <>
      {body}
      {fetchNextPage ? (
        <LoadMore hasMore={query.hasNextPage === true} isLoading={query.isFetchingNextPage === true} onLoadMore={() => void fetchNextPage()} />
      ) : null}
    </>
  );
}
