import { useTranslation } from 'react-i18next';
import { forgotTransactionPasswordRequest } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField, ApiError, useForm, useFormSubmit, showToast } from '@pp/browser-kit';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { SendCodeButton } from '../../../components/ui/send-code-button';
import { resetTransactionPassword } from '../api/forgot-transaction-password';
import { sendTransactionPasswordCode } from '../api/send-code';

const empty = { emailCode: '', transactionPassword: '', confirmTransactionPassword: '' };

export function ForgotTransactionPasswordForm() {
  const { t } = useTranslation();
  const form = useForm(empty);

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

  const { isBusy, onSubmit } = useFormSubmit(form, {
    parse: () => form.validate(forgotTransactionPasswordRequest, form.values),
    send: resetTransactionPassword,
    fieldOf: { 'code.invalid': 'emailCode' },
    onDone: () => {
      form.reset();
      showToast('success', t('settings.forgotTransactionPassword.success'));
    },
  });

  return (
    <Card title={t('settings.forgotTransactionPassword.title')}>
      <p className="card-note">{t('settings.forgotTransactionPassword.intro')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('settings.forgotTransactionPassword.emailCode')}
          value={form.values.emailCode}
          onValueChange={(v) => form.setValue('emailCode', v.replace(/\D/g, ''))}
          error={form.errors.emailCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          addon={<SendCodeButton onSend={sendCode} />}
        />
        <NewPasswordFields
          password={form.bind('transactionPassword')}
          confirm={form.bind('confirmTransactionPassword')}
          label={t('settings.forgotTransactionPassword.transactionPassword')}
          confirmLabel={t('settings.forgotTransactionPassword.confirmTransactionPassword')}
          hint={t('auth.register.passwordHint')}
          autoComplete="off"
        />
        <Button type="submit" isBusy={isBusy}>
          {t('settings.forgotTransactionPassword.submit')}
        </Button>
      </form>
    </Card>
  );
}
