import { useTranslation } from 'react-i18next';
import { showToast } from '@pp/browser-kit';

/** Copies a text and says so; `label` names what is copied for screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast('success', t('common.copied'));
    } catch {
      showToast('error', t('common.copyFailed'));
    }
  };
  return (
    <button type="button" className="btn btn-secondary btn-small" aria-label={label} onClick={() => void copy()}>
      {t('common.copy')}
    </button>
  );
}
