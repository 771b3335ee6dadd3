import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@pp/browser-kit';

/** The ErrorBoundary of our routes: a page that failed to load, or a bug while rendering. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const isLoad = error instanceof LoadError;
  if (!isLoad) console.error(error);
  return (
    <div className="route-error" role="alert">
      <h1 className="page-title">{isLoad ? t('load.failedTitle') : t('load.errorTitle')}</h1>
      <p>{isLoad ? (error.reason === 'timeout' ? t('load.timeoutBody') : t('load.failedBody')) : t('load.errorBody')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('load.reload')}
      </button>
    </div>
  );
}
