import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from './toast';

interface CopyButtonProps {
  text: string;
  /** Names what is copied: the button's accessible name and tooltip. */
  label: string;
  /** Each app styles its buttons its own way. */
  className?: string;
  /** Drawn before the visible text; the app passes its own icon, the kit knows no copy shape. */
  icon?: ReactNode;
}

/** Copies a text and says so in a toast (texts common.copy, common.copied, common.copyFailed). */
export function CopyButton({ text, label, className = 'btn btn-secondary btn-small', icon }: CopyButtonProps) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast('success', t('common.copied'));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text stays selectable on screen.
      showToast('error', t('common.copyFailed'));
    }
  };
  return (
    <button type="button" className={className} aria-label={label} title={label} onClick={() => void copy()}>
      {icon}
      <span>{t('common.copy')}</span>
    </button>
  );
}
