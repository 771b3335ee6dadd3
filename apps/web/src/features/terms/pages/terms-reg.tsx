import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';

/** /terms/reg: the terms as read before registering (public); the document comes from app/routes. */
export function TermsRegPage({ document }: { document: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth-card auth-card-wide">
      {document}
      <p className="auth-switch">
        <Link to={paths.register}>{t('auth.login.register')}</Link>
      </p>
    </div>
  );
}
