import { useTranslation } from 'react-i18next';
import { useUploadFile } from '../api/upload-file';

/** Evidence values of the form "upload:<id>" name a member's stored file. */
export function uploadIdOf(value: string): string | null {
  const match = /^upload:([A-Za-z0-9-]{1,64})$/.exec(value);
  return match ? match[1]! : null;
}

/** Types shown as a picture; anything else (a PDF) is offered as a download, never rendered here. */
const shownTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * A stored file beside the review: fetched with the staff session and shown from a data URL of
 * the type the server found by content (an image shows as a picture; a PDF is typed as plain
 * bytes so the browser saves it instead of opening it here). A data URL needs no revoking.
 */
export function UploadEvidence({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation();
  const file = useUploadFile(id);
  if (file.isPending) return <span className="muted">{t('reviews.fileLoading')}</span>;
  if (file.isError) return <span className="muted">{t('reviews.fileFailed')}</span>;
  const isShown = shownTypes.has(file.data.mimeType);
  const url = `data:${isShown ? file.data.mimeType : 'application/octet-stream'};base64,${file.data.content}`;
  const downloadName = file.data.fileName || `${id}.${file.data.mimeType === 'application/pdf' ? 'pdf' : 'bin'}`;
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
