import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../components/ui/load-error';
import { LoadError } from '@pp/browser-kit';

/** The ErrorBoundary of our routes: a page that failed to load, or a bug while rendering. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (error instanceof LoadError) {
    return (
      <LoadErrorView title={t('load.failedTitle')} body={error.reason === 'timeout' ? t('load.timeoutBody') : t('load.failedBody')} />
    );
  }
  console.error(error);
  return <LoadErrorView title={t('load.errorTitle')} body={t('load.errorBody')} />;
}
