import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { TextAreaField, useSubmit } from '@pp/browser-kit';
import { ConfirmForm, PendingDialog, type Pending } from './confirm-form';

/** The contract's limit on a reason (admin.ts). */
export const reasonLengthMax = 500;

/** What is wrong with a reason as typed (trimmed): missing where it is required, or too long. */
export function reasonProblem(t: TFunction, trimmed: string, isRequired = true): string | undefined {
  if (isRequired && trimmed === '') return t('form.reasonRequired');
  if (trimmed.length > reasonLengthMax) return t('form.reasonTooLong', { max: reasonLengthMax });
  return undefined;
}

/** The reason the audit trail keeps, as every back-office form that writes asks for it. */
export function ReasonField({
  id,
  value,
  onValueChange,
  error,
  disabled,
  isRequired = true,
  label,
  hint,
}: {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  disabled: boolean;
  isRequired?: boolean;
  label?: string;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextAreaField
      id={id}
      label={label ?? (isRequired ? t('form.reason') : t('form.reasonOptional'))}
      hint={hint ?? t('form.reasonHint')}
      value={value}
      onValueChange={onValueChange}
      error={error}
      maxLength={reasonLengthMax}
      required={isRequired}
      disabled={disabled}
    />
  );
}

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
    const problem = reasonProblem(t, trimmed, isReasonRequired);
    if (problem) return setReasonError(problem);
    if (!isExtraValid) return;
    void run(() => onConfirm(trimmed));
  }

  return (
    <ConfirmForm onSubmit={submit} onClose={onClose} formError={formError} confirmLabel={confirmLabel} tone={tone} isPending={pending.isPending}>
      {description ? <div className="dialog-text">{description}</div> : null}
      {children}
      <ReasonField
        id={reasonId}
        label={reasonLabel}
        hint={reasonHint}
        isRequired={isReasonRequired}
        value={reason}
        onValueChange={(value) => {
          setReason(value);
          setReasonError(null);
        }}
        error={reasonError}
        disabled={pending.isPending}
      />
    </ConfirmForm>
  );
}
