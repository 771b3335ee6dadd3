import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { ForgotTransactionPasswordForm } from '../components/forgot-transaction-password-form';
import { LoginPasswordForm } from '../components/login-password-form';
import { LogoutCard } from '../components/logout-card';
import { TransactionPasswordForm } from '../components/transaction-password-form';

/** /setting: passwords, the way to the security centre, the terms, and log out. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <div className="settings-grid">
        <Card title={t('security.entry.title')}>
          <div className="stack-tight">
            <p className="field-hint">{t('security.entry.text')}</p>
            <Link className="btn btn-primary security-entry-link" to={paths.security}>
              {t('security.entry.open')}
            </Link>
          </div>
        </Card>
        <LoginPasswordForm />
        <TransactionPasswordForm />
        <ForgotTransactionPasswordForm />
        {/* The terms a member accepted stay one tap away once signed in, not only at registration. */}
        <Card title={t('settings.about.title')}>
          <div className="stack-tight">
            <p className="field-hint">{t('settings.about.text')}</p>
            <Link className="btn btn-secondary security-entry-link" to={paths.terms} data-testid="settings-terms-link">
              {t('settings.about.terms')}
            </Link>
          </div>
        </Card>
        <LogoutCard />
      </div>
    </>
  );
}
