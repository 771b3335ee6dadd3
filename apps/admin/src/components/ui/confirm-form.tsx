import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@pp/browser-kit';

export interface Pending {
  isPending: boolean;
  setIsPending: (value: boolean) => void;
}

/**
 * The one shell of a back-office dialog that writes: a dialog that cannot be closed while its
 * write runs (the form's `useSubmit` reports it through `pending.setIsPending`). The form is
 * rendered inside it, so what was typed is gone when the dialog closes and opens again.
 */
export function PendingDialog({
  isOpen,
  onClose,
  title,
  variant,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  /** 'drawer' for a long editor (a product, a sale, a plan version). */
  variant?: 'dialog' | 'drawer';
  children: (pending: Pending) => ReactNode;
}) {
  const [isPending, setIsPending] = useState(false);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} variant={variant} isLocked={isPending}>
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
  /** A class beside `dialog-form` (an editor's own layout). */
  className?: string;
  /** The description and the fields. */
  children: ReactNode;
}

/** The form of a dialog: its fields, then `DialogActions` (the server's refusal, cancel and the action). */
export function ConfirmForm({ onSubmit, onClose, formError, confirmLabel, tone = 'primary', isPending, className, children }: ConfirmFormProps) {
  return (
    <form
      className={className ? `dialog-form ${className}` : 'dialog-form'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <DialogActions formError={formError} isPending={isPending} onCancel={onClose} actionLabel={confirmLabel} tone={tone} />
    </form>
  );
}

interface DialogActionsProps {
  /** The server's refusal (or "correct the fields"), above the buttons. */
  formError: string | null;
  isPending: boolean;
  onCancel: () => void;
  /** "Cancel" unless said (e.g. "Back to the form" on a confirmation step). */
  cancelLabel?: string;
  actionLabel: string;
  /** Without it the action button submits the form around it. */
  onAction?: () => void;
  tone?: 'primary' | 'danger';
}

/** The foot of a dialog's form: the refusal, cancel (or back), and the action, "Working…" while it runs. */
export function DialogActions({ formError, isPending, onCancel, cancelLabel, actionLabel, onAction, tone = 'primary' }: DialogActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onCancel} disabled={isPending}>
          {cancelLabel ?? t('common.cancel')}
        </button>
        <button
          type={onAction ? 'button' : 'submit'}
          className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={onAction}
          disabled={isPending}
          aria-busy={isPending}
        >
          {isPending ? t('common.working') : actionLabel}
        </button>
      </div>
    </>
  );
}
