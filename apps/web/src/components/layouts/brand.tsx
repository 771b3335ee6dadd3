import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The product mark and name; links to the home page. */
export function Brand({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="brand" aria-label={t('app.homeLink')}>
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="var(--accent)" />
        <path d="M10 22V10h7a4 4 0 010 8h-7" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="brand-name">{t('app.name')}</span>
    </Link>
  );
}
