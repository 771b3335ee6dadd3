import { TextField } from '@pp/browser-kit';
import { Button } from './button';

/**
 * The end of every money form (components/money-form: withdraw, transfer, exchange, packages, shares): the transaction password
 * and the submit button. Labels come translated from the form.
 */
export function MoneyFormFooter(props: {
  passwordLabel: string;
  password: string;
  onPasswordChange: (value: string) => void;
  passwordError: string | undefined;
  submitLabel: string;
  isBusy: boolean;
  /** A refusal known before sending: the button is off. */
  isDisabled?: boolean;
}) {
  return (
    <>
      <TextField
        label={props.passwordLabel}
        type="password"
        value={props.password}
        onValueChange={props.onPasswordChange}
        error={props.passwordError}
        autoComplete="off"
        maxLength={128}
      />
      <Button type="submit" isBusy={props.isBusy} disabled={props.isDisabled}>
        {props.submitLabel}
      </Button>
    </>
  );
}
