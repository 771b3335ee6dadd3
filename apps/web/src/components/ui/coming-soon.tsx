import { useTranslation } from 'react-i18next';
import { Card } from './card';
import { PageHeader } from './page-header';

/** The page of a section that a later issue builds. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <div className="coming-soon">
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="24" cy="24" r="18" />
            <path d="M24 14v10l7 5" strokeLinecap="round" />
          </svg>
          <p>{t('pages.comingSoon')}</p>
        </div>
      </Card>
    </>
  );
}
