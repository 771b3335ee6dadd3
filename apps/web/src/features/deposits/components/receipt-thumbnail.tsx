import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@pp/browser-kit';
import { useUploadFile } from '../api/upload-file';

/** Types shown as a picture; a PDF receipt is offered as a download, never rendered here. */
const shownTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The receipt a member sent with a bank deposit, as a small thumbnail in the deposit's record,
 * opened in a viewer with the full image (as staff see it beside the review). The file comes
 * through the sealed uploadFile call with the member's session (only the owner may read it,
 * decision 016) and is shown from a data URL of the type the server found by content.
 */
export function ReceiptThumbnail({ id, depositNumber }: { id: string; depositNumber: string }) {
  const { t } = useTranslation();
  const file = useUploadFile(id);
  const [isOpen, setIsOpen] = useState(false);
  const data = file.data;
  const isShown = data ? shownTypes.has(data.mimeType) : false;
  const url = useMemo(() => (data ? `data:${isShown ? data.mimeType : 'application/octet-stream'};base64,${data.content}` : null), [data, isShown]);

  if (file.isPending) {
    return (
      <span className="receipt-thumb receipt-thumb-loading" role="status">
        <span className="visually-hidden">{t('deposit.receiptLoading')}</span>
      </span>
    );
  }
  if (file.isError || !data || !url) {
    return (
      <span className="receipt-thumb-failed" role="alert">
        <span>{t('deposit.receiptFailed')}</span>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void file.refetch()}>
          {t('common.retry')}
        </button>
      </span>
    );
  }
  if (!isShown) {
    return (
      <a href={url} download={data.fileName || `${id}.pdf`} className="btn btn-secondary btn-small">
        {t('deposit.receiptPdf')}
      </a>
    );
  }
  return (
    <>
      <button type="button" className="receipt-thumb" aria-haspopup="dialog" onClick={() => setIsOpen(true)}>
        <img src={url} alt={t('deposit.receiptView', { number: depositNumber })} width={64} height={64} />
      </button>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title={t('deposit.receiptTitle')} className="dialog-wide receipt-viewer">
        <img className="receipt-full" src={url} alt={t('deposit.receiptAlt', { number: depositNumber })} />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setIsOpen(false)}>
            {t('common.close')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
