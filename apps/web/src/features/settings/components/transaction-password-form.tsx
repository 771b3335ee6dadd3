import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateTransactionPasswordRequest } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField, useForm, useSubmitGuard, useRequestId, showToast } from '@pp/browser-kit';
import { updateTransactionPassword } from '../api/update-transaction-password';

const empty = { oldTransactionPassword: '', transactionPassword: '', confirmTransactionPassword: '' };

export function TransactionPasswordForm() {
  const { t } = useTranslation();
  const requestId = useRequestId();
  const { isBusy, run } = useSubmitGuard();
  const form = useForm(empty);
  const { values, errors, setValue } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const body = form.validate(updateTransactionPasswordRequest, values);
      if (!body) return;
      try {
        await updateTransactionPassword(body, requestId.idFor(body));
      } catch (error) {
        form.showServerError(error, { 'user.txPasswordWrong': 'oldTransactionPassword', 'user.txLocked': 'oldTransactionPassword' });
        throw error;
      }
      requestId.reset();
      form.reset();
      showToast('success', t('settings.transactionPassword.success'));
    });
  };

  return (
    <Card title={t('settings.transactionPassword.title')}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('settings.transactionPassword.oldTransactionPassword')}
          type="password"
          value={values.oldTransactionPassword}
          onValueChange={(v) => setValue('oldTransactionPassword', v)}
          error={errors.oldTransactionPassword}
          autoComplete="off"
        />
        <TextField
          label={t('settings.transactionPassword.transactionPassword')}
          hint={t('auth.register.passwordHint')}
          type="password"
          value={values.transactionPassword}
          onValueChange={(v) => setValue('transactionPassword', v)}
          error={errors.transactionPassword}
          autoComplete="off"
          maxLength={32}
        />
        <TextField
          label={t('settings.transactionPassword.confirmTransactionPassword')}
          type="password"
          value={values.confirmTransactionPassword}
          onValueChange={(v) => setValue('confirmTransactionPassword', v)}
          error={errors.confirmTransactionPassword}
          autoComplete="off"
          maxLength={32}
        />
        <Button type="submit" isBusy={isBusy}>
          {t('settings.transactionPassword.submit')}
        </Button>
      </form>
    </Card>
  );
}
