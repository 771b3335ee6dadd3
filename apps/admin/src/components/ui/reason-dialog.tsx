import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField, useSubmit } from '@pp/browser-kit';
import { ConfirmForm, PendingDialog, type Pending } from './confirm-form';

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
  return (
    <PendingDialog isOpen={props.isOpen} onClose={props.onClose} title={props.title}>
      {(pending) => <ReasonForm {...props} pending={pending} />}
    </PendingDialog>
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
  pending,
}: ReasonDialogProps & { pending: Pending }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const {
    formError,
    isRunning: isBusy,
    run,
  } = useSubmit({
    onBusyChange: pending.setIsPending,
    fieldOf: (error) => (error.details.field === 'reason' ? 'reason' : undefined),
    showFieldError: (_field, message) => setReasonError(message),
  });

  function submit() {
    if (isBusy()) return;
    const trimmed = reason.trim();
    const isExtraValid = validate?.() ?? true;
    if (isReasonRequired && trimmed === '') return setReasonError(t('form.reasonRequired'));
    if (trimmed.length > reasonLengthMax) return setReasonError(t('form.reasonTooLong', { max: reasonLengthMax }));
    if (!isExtraValid) return;
    void run(() => onConfirm(trimmed));
  }

  return (
    <ConfirmForm onSubmit={submit} onClose={onClose} formError={formError} confirmLabel={confirmLabel} tone={tone} isPending={pending.isPending}>
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
        disabled={pending.isPending}
      />
    </ConfirmForm>
  );
}
