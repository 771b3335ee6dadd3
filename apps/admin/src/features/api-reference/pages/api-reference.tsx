import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, Loading } from '../../../components/ui/states';
import { useApiReference, useReferencePublished } from '../api/api-reference';

/** Same origin as the back-office; the server's page renders only what its parent posts. */
const embeddedViewer = '/api-reference/embedded';
const publishedViewer = '/api-reference/';

function download(document: unknown): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' }));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = 'openapi.json';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The API reference for staff: the OpenAPI document read through the staff session and rendered
 * by Redoc in a same-origin frame, whether or not it is published to everyone.
 */
export function ApiReferencePage() {
  const { t } = useTranslation();
  const reference = useApiReference();
  const published = useReferencePublished();
  const frame = useRef<HTMLIFrameElement>(null);
  const [rendered, setRendered] = useState(false);
  const document = reference.data;

  useEffect(() => {
    if (!document) return;
    const onMessage = (event: MessageEvent) => {
      const viewer = frame.current?.contentWindow;
      if (!viewer || event.source !== viewer || event.origin !== window.location.origin) return;
      if ((event.data as { type?: unknown } | null)?.type !== 'api-reference.ready') return;
      viewer.postMessage({ type: 'api-reference.document', document }, window.location.origin);
      setRendered(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [document]);

  return (
    <>
      <PageHeader
        title={t('apiReference.title')}
        actions={
          document ? (
            <button type="button" className="btn" onClick={() => download(document)}>
              {t('apiReference.download')}
            </button>
          ) : null
        }
      >
        <p className="muted">{t('apiReference.intro')}</p>
        {published === undefined ? null : published ? (
          <p className="muted">
            {t('apiReference.published')}{' '}
            <a href={publishedViewer} target="_blank" rel="noreferrer">
              {publishedViewer}
            </a>
          </p>
        ) : (
          <p className="muted">{t('apiReference.staffOnly')}</p>
        )}
      </PageHeader>
      {reference.isError ? (
        <ErrorState onRetry={() => void reference.refetch()} />
      ) : document ? (
        <div className="api-reference">
          {rendered ? null : <Loading label={t('apiReference.rendering')} />}
          <iframe ref={frame} className="api-reference-frame" src={embeddedViewer} title={t('apiReference.frameTitle')} />
        </div>
      ) : (
        <Loading />
      )}
    </>
  );
}
