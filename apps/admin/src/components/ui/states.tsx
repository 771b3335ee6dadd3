import type { ReactNode } from 'react';
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
