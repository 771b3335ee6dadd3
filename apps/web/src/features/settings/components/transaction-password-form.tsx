import { useTranslation } from 'react-i18next';
import { updateTransactionPasswordRequest } from '@pp/contract';
import { updateTransactionPassword } from '../api/update-transaction-password';
import { ChangePasswordForm } from './change-password-form';

export function TransactionPasswordForm() {
  const { t } = useTranslation();
  return (
    <ChangePasswordForm
      names={['oldTransactionPassword', 'transactionPassword', 'confirmTransactionPassword']}
      schema={updateTransactionPasswordRequest}
      send={updateTransactionPassword}
      currentPasswordErrors={['user.txPasswordWrong', 'user.txLocked']}
      autoComplete="off"
      texts={{
        title: t('settings.transactionPassword.title'),
        current: t('settings.transactionPassword.oldTransactionPassword'),
        next: t('settings.transactionPassword.transactionPassword'),
        confirm: t('settings.transactionPassword.confirmTransactionPassword'),
        hint: t('auth.register.passwordHint'),
        submit: t('settings.transactionPassword.submit'),
        success: t('settings.transactionPassword.success'),
      }}
    />
  );
}
