import { useState, type ReactNode } from 'react';
import { TextField, useSubmit } from '@pp/browser-kit';
import { ConfirmForm, PendingDialog, type Pending } from '../../../components/ui/confirm-form';

interface FieldSpec {
  /** The request field it fills; a server refusal naming this field is shown under it. */
  name: string;
  id: string;
  label: string;
  hint?: string;
  maxLength: number;
  /** Null when the text may be sent; else the message to show under the field. */
  check: (value: string) => string | null;
}

interface ActionDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What will happen, with the amount and where it goes. */
  description: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** One text to enter (a transaction hash, a bank reference), or none for a plain confirmation. */
  field?: FieldSpec;
  /** Runs the write with the entered text; an ApiError stays in the dialog (toasts sit behind a modal). */
  onConfirm: (value: string) => Promise<void>;
}

/**
 * The confirmation of one payout action: says what will be paid and where, takes the one text it
 * needs, and stays open with the server's answer when it refuses (a hash that does not match the
 * order, too few confirmations, a limit). One click acts once: the button is off while it runs.
 */
export function ActionDialog(props: ActionDialogProps) {
  return (
    <PendingDialog isOpen={props.isOpen} onClose={props.onClose} title={props.title}>
      {(pending) => <ActionForm {...props} pending={pending} />}
    </PendingDialog>
  );
}

function ActionForm({ onClose, description, confirmLabel, tone = 'primary', field, onConfirm, pending }: ActionDialogProps & { pending: Pending }) {
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const {
    formError,
    setFormError,
    isRunning: isBusy,
    run,
  } = useSubmit({
    onBusyChange: pending.setIsPending,
    fieldOf: (error) => (field && error.details.field === field.name ? field.name : undefined),
    showFieldError: (_name, message) => setFieldError(message),
  });

  function submit() {
    if (isBusy()) return;
    const trimmed = value.trim();
    if (field) {
      const problem = field.check(trimmed);
      if (problem) return setFieldError(problem);
    }
    void run(() => onConfirm(trimmed));
  }

  return (
    <ConfirmForm onSubmit={submit} onClose={onClose} formError={formError} confirmLabel={confirmLabel} tone={tone} isPending={pending.isPending}>
      <div className="dialog-text">{description}</div>
      {field ? (
        <TextField
          id={field.id}
          label={field.label}
          hint={field.hint}
          value={value}
          onValueChange={(next) => {
            setValue(next);
            setFieldError(null);
            setFormError(null);
          }}
          error={fieldError}
          maxLength={field.maxLength}
          autoComplete="off"
          spellCheck={false}
          required
          disabled={pending.isPending}
        />
      ) : null}
    </ConfirmForm>
  );
}
