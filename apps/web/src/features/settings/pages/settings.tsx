import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ForgotTransactionPasswordForm } from '../components/forgot-transaction-password-form';
import { LoginPasswordForm } from '../components/login-password-form';
import { TransactionPasswordForm } from '../components/transaction-password-form';

/** /setting: passwords. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <div className="settings-grid">
        <LoginPasswordForm />
        <TransactionPasswordForm />
        <ForgotTransactionPasswordForm />
      </div>
    </>
  );
}
