import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** 'drawer' slides in from the side and is wider: a record's detail. */
  variant?: 'dialog' | 'drawer';
  /** While a write is pending the dialog stays open (Escape and the backdrop do nothing). */
  isLocked?: boolean;
  /** Extra classes on the <dialog>, for an app's wider or special dialogs (the portal's chat, a receipt viewer). */
  className?: string;
}

/** A modal on the native <dialog>: it traps focus, closes on Escape and gives focus back. */
export function Dialog({ isOpen, onClose, title, children, variant = 'dialog', isLocked = false, className }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      className={[variant === 'drawer' ? 'dialog drawer' : 'dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!isLocked) onClose();
      }}
      onClose={() => {
        if (isOpen) onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && !isLocked) onClose();
      }}
    >
      {isOpen ? (
        <div className="dialog-body">
          <div className="dialog-head">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={onClose} disabled={isLocked}>
              <Icon name="close" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
