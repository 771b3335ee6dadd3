import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from '../../../components/ui/after-first-paint';
import { PageHeader } from '../../../components/ui/page-header';
import { QuickActions } from '../components/quick-actions';

interface DashboardPageProps {
  userName: string | undefined;
  /** The first screen: banners and the compact balances, from their features (composed in app/routes). */
  overview: ReactNode;
  /** The sections below it, rendered once the first screen has painted. */
  sections: ReactNode;
}

/** /index: the member's home. */
export function DashboardPage({ userName, overview, sections }: DashboardPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} description={userName ? t('dashboard.welcome', { name: userName }) : undefined} />
      <div className="stack">
        {overview}
        {/* The entries members come to the home for: right below the balances, so a phone shows
            them on its first screen. Rendered with the first screen, not after it, because the
            copy painted before the app (boot/member-paint.tsx) shows them here too and the
            hand-over must not move them. */}
        <QuickActions />
        <AfterFirstPaint>{sections}</AfterFirstPaint>
      </div>
    </>
  );
}
