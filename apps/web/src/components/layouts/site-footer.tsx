import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p>{t('app.copyright', { year: String(new Date().getFullYear()) })}</p>
      <p>
        <Link to={paths.proofPublic}>{t('proofPublic.footerLink')}</Link>
      </p>
    </footer>
  );
}
