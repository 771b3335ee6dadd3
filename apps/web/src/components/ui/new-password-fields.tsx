import { TextField, type BoundField } from '@pp/browser-kit';

interface NewPasswordFieldsProps {
  /** The new password and its repetition, bound with `form.bind`. */
  password: BoundField;
  confirm: BoundField;
  label: string;
  confirmLabel: string;
  hint: string;
  /** 'new-password' for the login password; 'off' for the transaction password (no manager should fill it). */
  autoComplete: 'new-password' | 'off';
}

/** A new password and its confirmation: every form that sets a password draws these two fields. */
export function NewPasswordFields({ password, confirm, label, confirmLabel, hint, autoComplete }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField label={label} hint={hint} type="password" {...password} autoComplete={autoComplete} maxLength={32} />
      <TextField label={confirmLabel} type="password" {...confirm} autoComplete={autoComplete} maxLength={32} />
    </>
  );
}
