import { useTranslation } from 'react-i18next';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p>{t('app.copyright', { year: String(new Date().getFullYear()) })}</p>
    </footer>
  );
}
