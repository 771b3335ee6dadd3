import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';

const notFoundStatus = 404;

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="auth-card not-found">
      <p className="not-found-code" aria-hidden="true">
        {notFoundStatus}
      </p>
      <h1 className="auth-title">{t('notFound.title')}</h1>
      <p className="auth-subtitle">{t('notFound.body')}</p>
      <Link to={paths.dashboard} className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
