import type { ReactNode } from 'react';
import { CardLoadState } from './card-load-state';
import { LoadMore } from './load-more';

/** What the body needs of a keyset-paged list query (useInfiniteQuery with placeholderData). */
interface PagedQuery {
  data: unknown;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

interface PagedListBodyProps {
  list: PagedQuery;
  isEmpty: boolean;
  /** Shown when the loaded list has no entries. */
  empty: ReactNode;
  /** The rows, shown with "load more" below them once there are entries. */
  children: ReactNode;
}

/**
 * The body of a history list: the placeholder while the first page loads, the retry when it
 * failed, the empty text or the rows with "load more". While another filter's first page loads,
 * the previous rows stay on screen, dimmed, and the body says it is busy.
 */
export function PagedListBody({ list, isEmpty, empty, children }: PagedListBodyProps) {
  let body;
  if (list.data) {
    body = isEmpty ? (
      <p className="empty">{empty}</p>
    ) : (
      <>
        {children}
        <LoadMore hasMore={list.hasNextPage} isLoading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
      </>
    );
  } else {
    body = <CardLoadState isError={list.isError} onRetry={() => void list.refetch()} />;
  }
  return (
    <div aria-busy={list.isFetching && !list.isFetchingNextPage} className={list.isPlaceholderData ? 'is-refreshing' : undefined}>
      {body}
    </div>
  );
}
