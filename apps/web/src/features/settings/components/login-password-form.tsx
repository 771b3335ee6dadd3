import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updatePasswordRequest } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField, useForm, useSubmitGuard, useRequestId, showToast } from '@pp/browser-kit';
import { updatePassword } from '../api/update-password';

const empty = { oldPassword: '', password: '', confirmPassword: '' };

export function LoginPasswordForm() {
  const { t } = useTranslation();
  const requestId = useRequestId();
  const { isBusy, run } = useSubmitGuard();
  const form = useForm(empty);
  const { values, errors, setValue } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const body = form.validate(updatePasswordRequest, values);
      if (!body) return;
      try {
        await updatePassword(body, requestId.idFor(body));
      } catch (error) {
        form.showServerError(error, { 'user.oldPasswordWrong': 'oldPassword' });
        throw error;
      }
      requestId.reset();
      form.reset();
      showToast('success', t('settings.loginPassword.success'));
    });
  };

  return (
    <Card title={t('settings.loginPassword.title')}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('settings.loginPassword.oldPassword')}
          type="password"
          value={values.oldPassword}
          onValueChange={(v) => setValue('oldPassword', v)}
          error={errors.oldPassword}
          autoComplete="current-password"
        />
        <TextField
          label={t('settings.loginPassword.password')}
          hint={t('auth.register.passwordHint')}
          type="password"
          value={values.password}
          onValueChange={(v) => setValue('password', v)}
          error={errors.password}
          autoComplete="new-password"
          maxLength={32}
        />
        <TextField
          label={t('settings.loginPassword.confirmPassword')}
          type="password"
          value={values.confirmPassword}
          onValueChange={(v) => setValue('confirmPassword', v)}
          error={errors.confirmPassword}
          autoComplete="new-password"
          maxLength={32}
        />
        <Button type="submit" isBusy={isBusy}>
          {t('settings.loginPassword.submit')}
        </Button>
      </form>
    </Card>
  );
}
