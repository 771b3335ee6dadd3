import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentKind } from '@pp/contract';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { formatDateTime } from '../../../lib/dates';
import { useContentDocument } from '../api/content-document';
import { ContentHtml } from './content-html';

/** A staff-edited document's current version; `fallback` until staff published one. */
export function ContentDocumentView({ kind, fallback }: { kind: DocumentKind; fallback: ReactNode }) {
  const { t, i18n } = useTranslation();
  const doc = useContentDocument(kind);
  if (doc.data === undefined) return <CardLoadState isError={doc.isError} onRetry={() => void doc.refetch()} />;
  if (doc.data === null) return <>{fallback}</>;
  return (
    <article className="terms" lang={doc.data.lang}>
      <h1 className="page-title">{doc.data.title}</h1>
      <p className="muted">{t('content.updatedAt', { date: formatDateTime(doc.data.publishedAt, i18n.language), version: doc.data.version })}</p>
      <ContentHtml html={doc.data.bodyHtml} lang={doc.data.lang} />
    </article>
  );
}
