import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="state">
      <h1 className="page-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="btn" to={paths.dashboard}>
        {t('noAccess.back')}
      </Link>
    </div>
  );
}
