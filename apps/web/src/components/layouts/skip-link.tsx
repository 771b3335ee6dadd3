import { useTranslation } from 'react-i18next';

/** Moves focus to the main content. A plain #main link would change the hash route. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      {t('app.skipToContent')}
    </a>
  );
}
