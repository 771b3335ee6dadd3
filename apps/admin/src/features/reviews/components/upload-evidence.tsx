import { useTranslation } from 'react-i18next';
import { useUploadFile } from '../api/upload-file';

/** Evidence values of the form "upload:<id>" name a member's stored file. */
export function uploadIdOf(value: string): string | null {
  const match = /^upload:([A-Za-z0-9-]{1,64})$/.exec(value);
  return match ? match[1]! : null;
}

/** Types shown as a picture; anything else (a PDF) is offered as a download, never rendered here. */
const shownTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Extensions of the types the server stores; the name never comes from what a member typed. */
const extensionOf: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/**
 * A stored file beside the review: fetched with the staff session and shown from a data URL of
 * the type the server found by content (an image shows as a picture; a PDF is typed as plain
 * bytes so the browser saves it instead of opening it here). A data URL needs no revoking. It is
 * saved as receipt.<extension of that type>, the server's name for it: a member's label such as
 * receipt.html would have a reviewer's computer open a PDF as a page.
 */
export function UploadEvidence({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation();
  const file = useUploadFile(id);
  if (file.isPending) return <span className="muted">{t('reviews.fileLoading')}</span>;
  if (file.isError) return <span className="muted">{t('reviews.fileFailed')}</span>;
  const isShown = shownTypes.has(file.data.mimeType);
  const url = `data:${isShown ? file.data.mimeType : 'application/octet-stream'};base64,${file.data.content}`;
  const downloadName = `receipt.${extensionOf[file.data.mimeType] ?? 'bin'}`;
  return isShown ? (
    <span className="evidence-file">
      <a href={url} target="_blank" rel="noopener noreferrer" className="evidence-image">
        <img src={url} alt={label} />
      </a>
      <a href={url} download={downloadName} className="btn btn-small">
        {t('reviews.downloadFile')}
      </a>
    </span>
  ) : (
    <a href={url} download={downloadName} className="btn btn-small">
      {t('reviews.downloadFile')} ({downloadName})
    </a>
  );
}
