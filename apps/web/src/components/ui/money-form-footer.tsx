import { TextField } from '@pp/browser-kit';
import { Button } from './button';

/**
 * The end of every money form (withdraw, transfer, exchange, packages): the transaction password
 * and the submit button. Labels come translated from the form.
 */
export function MoneyFormFooter(props: {
  passwordLabel: string;
  password: string;
  onPasswordChange: (value: string) => void;
  passwordError: string | undefined;
  submitLabel: string;
  isBusy: boolean;
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
      <Button type="submit" isBusy={props.isBusy}>
        {props.submitLabel}
      </Button>
    </>
  );
}
