import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Dialog } from '@pp/browser-kit';

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

/**
 * Runs a dialog's write once at a time. An ApiError stays in the dialog (toasts sit behind a
 * modal): under the field it names when `showFieldError` takes it, else above the buttons.
 */
export function useConfirmRun({ setIsPending }: Pending, showFieldError: (field: unknown, message: string) => boolean) {
  const [formError, setFormError] = useState<string | null>(null);
  const isRunning = useRef(false);
  const isBusy = () => isRunning.current;
  async function run(work: () => Promise<void>) {
    if (isRunning.current) return;
    isRunning.current = true;
    setIsPending(true);
    setFormError(null);
    try {
      await work();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.kind === 'aborted' || error.kind === 'expired') return;
      if (!showFieldError(error.details.field, error.message)) setFormError(error.message);
    } finally {
      isRunning.current = false;
      setIsPending(false);
    }
  }
  return { formError, setFormError, isBusy, run };
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
