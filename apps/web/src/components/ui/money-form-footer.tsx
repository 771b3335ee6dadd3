import { TextField, type BoundField } from '@pp/browser-kit';
import { Button } from './button';

/**
 * The end of every money form (components/money-form: withdraw, transfer, exchange, packages,
 * shares, and the transaction-password step of redeem and of arming a sale): the transaction
 * password and the submit button, in a dialog beside the way back. Labels come translated from
 * the form.
 */
export function MoneyFormFooter(props: {
  password: BoundField & { label: string };
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  /** In a dialog: the way out, left of the submit button. */
  back?: { label: string; onBack: () => void };
  isBusy: boolean;
  /** A refusal known before sending: the button is off. */
  isDisabled?: boolean;
}) {
  const { password, back, isBusy } = props;
  const submit = (
    <Button type="submit" variant={props.submitVariant} isBusy={isBusy} disabled={props.isDisabled}>
      {props.submitLabel}
    </Button>
  );
  return (
    <>
      <TextField
        label={password.label}
        type="password"
        value={password.value}
        onValueChange={password.onValueChange}
        error={password.error}
        autoComplete="off"
        maxLength={128}
      />
      {back ? (
        <div className="dialog-actions">
          <Button variant="secondary" onClick={back.onBack} disabled={isBusy}>
            {back.label}
          </Button>
          {submit}
        </div>
      ) : (
        submit
      )}
    </>
  );
}
