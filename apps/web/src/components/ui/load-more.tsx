import { useTranslation } from 'react-i18next';
import { Button } from './button';

interface LoadMoreProps {
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
}

/** The foot of a keyset-paged list: "load more" while a next page exists, then a closing line. */
export function LoadMore({ hasMore, isLoading, onLoadMore }: LoadMoreProps) {
  const { t } = useTranslation();
  return (
    <div className="list-foot">
      {hasMore ? (
        <Button variant="secondary" isBusy={isLoading} onClick={onLoadMore}>
          {t('common.loadMore')}
        </Button>
      ) : (
        <p className="list-end">{t('common.noMore')}</p>
      )}
    </div>
  );
}
