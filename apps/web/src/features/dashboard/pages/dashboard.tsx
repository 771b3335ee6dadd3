import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { QuickActions } from '../components/quick-actions';

interface DashboardPageProps {
  userName: string | undefined;
  /** The balances, from the assets feature (composed in app/routes). */
  overview: ReactNode;
}

/** /index: the member's home. */
export function DashboardPage({ userName, overview }: DashboardPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} description={userName ? t('dashboard.welcome', { name: userName }) : undefined} />
      <div className="stack">
        {overview}
        <QuickActions />
      </div>
    </>
  );
}
