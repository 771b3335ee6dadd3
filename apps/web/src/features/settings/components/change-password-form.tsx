import { useForm, useFormSubmit, showToast, TextField, type SafeParser } from '@pp/browser-kit';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';

interface ChangePasswordFormProps<Body> {
  /** The request's field names: the current password, the new one, its confirmation. */
  names: readonly [current: string, next: string, confirm: string];
  schema: SafeParser<Body>;
  send: (body: Body, requestId: string) => Promise<unknown>;
  /** Server error keys that mean "the current password is wrong". */
  currentPasswordErrors: readonly string[];
  /** 'new-password' for the login password; 'off' for the transaction password. */
  autoComplete: 'new-password' | 'off';
  texts: { title: string; current: string; next: string; confirm: string; hint: string; submit: string; success: string };
}

/** Changing a password with the current one: the login password and the transaction password. */
export function ChangePasswordForm<Body>({ names, schema, send, currentPasswordErrors, autoComplete, texts }: ChangePasswordFormProps<Body>) {
  const [current, next, confirm] = names;
  const form = useForm<Record<string, string>>({ [current]: '', [next]: '', [confirm]: '' });
  const { isBusy, onSubmit } = useFormSubmit(form, {
    parse: () => form.validate(schema, form.values),
    send,
    fieldOf: Object.fromEntries(currentPasswordErrors.map((key) => [key, current])),
    onDone: () => {
      form.reset();
      showToast('success', texts.success);
    },
  });

  return (
    <Card title={texts.title}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label={texts.current} type="password" {...form.bind(current)} autoComplete={autoComplete === 'new-password' ? 'current-password' : 'off'} />
        <NewPasswordFields
          password={form.bind(next)}
          confirm={form.bind(confirm)}
          label={texts.next}
          confirmLabel={texts.confirm}
          hint={texts.hint}
          autoComplete={autoComplete}
        />
        <Button type="submit" isBusy={isBusy}>
          {texts.submit}
        </Button>
      </form>
    </Card>
  );
}
