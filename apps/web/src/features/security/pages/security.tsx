import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { LoginHistoryCard } from '../components/login-history-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** /setting/security: two-step login, live sessions and the login history (decision 010). */
export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('security.title')} description={t('security.description')} />
      <div className="security-grid">
        <TwoFactorCard />
        <SessionsCard />
        <LoginHistoryCard />
      </div>
    </>
  );
}
