import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { TermsContent } from '../components/terms-content';

/** /terms/reg: the terms as read before registering (public). */
export function TermsRegPage() {
  const { t } = useTranslation();
  return (
    <div className="auth-card auth-card-wide">
      <TermsContent />
      <p className="auth-switch">
        <Link to={paths.register}>{t('auth.login.register')}</Link>
      </p>
    </div>
  );
}
