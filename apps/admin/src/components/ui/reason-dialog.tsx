import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Dialog, TextAreaField } from '@pp/browser-kit';

/** The contract's limit on a reason (admin.ts). */
export const reasonLengthMax = 500;

interface ReasonDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What will happen, in words; shown above the reason. */
  description?: ReactNode;
  /** More fields (e.g. the new grade), rendered between the description and the reason. */
  children?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  isReasonRequired?: boolean;
  reasonLabel?: string;
  reasonHint?: ReactNode;
  /** Runs the write; an ApiError is shown inside the dialog (toasts sit behind a modal). */
  onConfirm: (reason: string) => Promise<void>;
  /** Stable id of the reason field. */
  reasonId?: string;
  /** Checks the extra fields (children) before the write; returns false to stop (they show why). */
  validate?: () => boolean;
}

/**
 * The confirmation before anything that changes data: says what will happen, asks for the
 * reason that goes into the audit trail, and stays open with the error if the server refuses.
 * The confirm button is disabled while the write is pending, so one click acts once.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const [isPending, setIsPending] = useState(false);
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={props.title} isLocked={isPending}>
      <ReasonForm {...props} isPending={isPending} setIsPending={setIsPending} />
    </Dialog>
  );
}

function ReasonForm({
  onClose,
  description,
  children,
  confirmLabel,
  tone = 'primary',
  isReasonRequired = true,
  reasonLabel,
  reasonHint,
  onConfirm,
  reasonId,
  validate,
  isPending,
  setIsPending,
}: ReasonDialogProps & { isPending: boolean; setIsPending: (value: boolean) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const isRunning = useRef(false);

  async function submit() {
    if (isRunning.current) return;
    const trimmed = reason.trim();
    const isExtraValid = validate?.() ?? true;
    if (isReasonRequired && trimmed === '') return setReasonError(t('form.reasonRequired'));
    if (trimmed.length > reasonLengthMax) return setReasonError(t('form.reasonTooLong', { max: reasonLengthMax }));
    if (!isExtraValid) return;
    isRunning.current = true;
    setIsPending(true);
    setFormError(null);
    try {
      await onConfirm(trimmed);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.kind === 'aborted' || error.kind === 'expired') return;
      if (error.details.field === 'reason') setReasonError(error.message);
      else setFormError(error.message);
    } finally {
      isRunning.current = false;
      setIsPending(false);
    }
  }

  return (
    <form
      className="dialog-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {description ? <div className="dialog-text">{description}</div> : null}
      {children}
      <TextAreaField
        id={reasonId}
        label={reasonLabel ?? (isReasonRequired ? t('form.reason') : t('form.reasonOptional'))}
        hint={reasonHint ?? t('form.reasonHint')}
        value={reason}
        onValueChange={(value) => {
          setReason(value);
          setReasonError(null);
        }}
        error={reasonError}
        maxLength={reasonLengthMax}
        required={isReasonRequired}
        disabled={isPending}
      />
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
