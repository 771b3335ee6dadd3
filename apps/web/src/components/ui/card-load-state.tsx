import { useTranslation } from 'react-i18next';

/** The placeholder of a card whose data is loading, or the retry when loading failed. */
export function CardLoadState({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!isError) return <div className="skeleton-lines" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  return (
    <div className="empty">
      <p>{t('common.loadFailed')}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
