import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@pp/browser-kit';

export interface Pending {
  isPending: boolean;
  setIsPending: (value: boolean) => void;
}

/**
 * A dialog that cannot be closed while its write runs. The form is rendered inside it, so what
 * was typed is gone when the dialog closes and opens again.
 */
export function PendingDialog({ isOpen, onClose, title, children }: { isOpen: boolean; onClose: () => void; title: ReactNode; children: (pending: Pending) => ReactNode }) {
  const [isPending, setIsPending] = useState(false);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} isLocked={isPending}>
      {children({ isPending, setIsPending })}
    </Dialog>
  );
}

interface ConfirmFormProps {
  onSubmit: () => void;
  onClose: () => void;
  formError: string | null;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  isPending: boolean;
  /** The description and the fields. */
  children: ReactNode;
}

/** The body of a confirmation dialog: its fields, the server's refusal, cancel and confirm. */
export function ConfirmForm({ onSubmit, onClose, formError, confirmLabel, tone = 'primary', isPending, children }: ConfirmFormProps) {
  const { t } = useTranslation();
  return (
    <form
      className="dialog-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} disabled={isPending}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'} disabled={isPending} aria-busy={isPending}>
          {isPending ? t('common.working') : confirmLabel}
        </button>
      </div>
    </form>
  );
}
