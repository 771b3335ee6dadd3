import { useTranslation } from 'react-i18next';
import { updatePasswordRequest } from '@pp/contract';
import { updatePassword } from '../api/update-password';
import { ChangePasswordForm } from './change-password-form';

export function LoginPasswordForm() {
  const { t } = useTranslation();
  return (
    <ChangePasswordForm
      names={['oldPassword', 'password', 'confirmPassword']}
      schema={updatePasswordRequest}
      send={updatePassword}
      currentPasswordErrors={['user.oldPasswordWrong']}
      autoComplete="new-password"
      texts={{
        title: t('settings.loginPassword.title'),
        current: t('settings.loginPassword.oldPassword'),
        next: t('settings.loginPassword.password'),
        confirm: t('settings.loginPassword.confirmPassword'),
        hint: t('auth.register.passwordHint'),
        submit: t('settings.loginPassword.submit'),
        success: t('settings.loginPassword.success'),
      }}
    />
  );
}
