import { useTranslation } from 'react-i18next';
import { Dialog } from '@pp/browser-kit';

/** Customer service: a placeholder until the built-in support chat arrives (decisions.md). */
export function SupportPanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('support.title')}>
      <p>{t('support.body')}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
