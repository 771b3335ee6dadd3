import { useLayoutEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../components/ui/load-error';
import { LoadError } from '@pp/browser-kit';
import { endFirstPaint } from '../boot/hand-over';

/** The ErrorBoundary of our routes: a page that failed to load, or a bug while rendering. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  // A failure on the first load must not stay hidden under the login page painted from HTML.
  useLayoutEffect(endFirstPaint, []);
  if (error instanceof LoadError) {
    return <LoadErrorView title={t('load.failedTitle')} body={error.reason === 'timeout' ? t('load.timeoutBody') : t('load.failedBody')} />;
  }
  console.error(error);
  return <LoadErrorView title={t('load.errorTitle')} body={t('load.errorBody')} />;
}
