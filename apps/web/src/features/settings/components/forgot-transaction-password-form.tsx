import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotTransactionPasswordRequest } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField, ApiError, useForm, useSubmitGuard, useRequestId, showToast } from '@pp/browser-kit';
import { SendCodeButton } from '../../../components/ui/send-code-button';
import { resetTransactionPassword } from '../api/forgot-transaction-password';
import { sendTransactionPasswordCode } from '../api/send-code';

const empty = { emailCode: '', transactionPassword: '', confirmTransactionPassword: '' };

export function ForgotTransactionPasswordForm() {
  const { t } = useTranslation();
  const requestId = useRequestId();
  const { isBusy, run } = useSubmitGuard();
  const form = useForm(empty);
  const { values, errors, setValue } = form;

  const sendCode = async (): Promise<number | null> => {
    try {
      const { resendAfterSeconds } = await sendTransactionPasswordCode();
      showToast('success', t('auth.code.sent'));
      return resendAfterSeconds;
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const body = form.validate(forgotTransactionPasswordRequest, values);
      if (!body) return;
      try {
        await resetTransactionPassword(body, requestId.idFor(body));
      } catch (error) {
        form.showServerError(error, { 'code.invalid': 'emailCode' });
        throw error;
      }
      requestId.reset();
      form.reset();
      showToast('success', t('settings.forgotTransactionPassword.success'));
    });
  };

  return (
    <Card title={t('settings.forgotTransactionPassword.title')}>
      <p className="card-note">{t('settings.forgotTransactionPassword.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('settings.forgotTransactionPassword.emailCode')}
          value={values.emailCode}
          onValueChange={(v) => setValue('emailCode', v.replace(/\D/g, ''))}
          error={errors.emailCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          addon={<SendCodeButton onSend={sendCode} />}
        />
        <TextField
          label={t('settings.forgotTransactionPassword.transactionPassword')}
          hint={t('auth.register.passwordHint')}
          type="password"
          value={values.transactionPassword}
          onValueChange={(v) => setValue('transactionPassword', v)}
          error={errors.transactionPassword}
          autoComplete="off"
          maxLength={32}
        />
        <TextField
          label={t('settings.forgotTransactionPassword.confirmTransactionPassword')}
          type="password"
          value={values.confirmTransactionPassword}
          onValueChange={(v) => setValue('confirmTransactionPassword', v)}
          error={errors.confirmTransactionPassword}
          autoComplete="off"
          maxLength={32}
        />
        <Button type="submit" isBusy={isBusy}>
          {t('settings.forgotTransactionPassword.submit')}
        </Button>
      </form>
    </Card>
  );
}
