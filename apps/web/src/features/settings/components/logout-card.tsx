import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { useLogoutAction } from '../../../components/layouts/logout-action';

/**
 * Log out from the settings page. On a phone the header menu is the only other way out, and a
 * member looks for it here too; it runs the frame's own logout, so message, token and reload are
 * the same as the menu's.
 */
export function LogoutCard() {
  const { t } = useTranslation();
  const action = useLogoutAction();
  if (!action) return null;
  return (
    <Card title={t('settings.logout.title')}>
      <div className="stack-tight">
        <p className="field-hint">{t('settings.logout.text')}</p>
        <button
          type="button"
          className="btn btn-danger btn-block"
          onClick={action.logOut}
          disabled={action.isLoggingOut}
          aria-busy={action.isLoggingOut || undefined}
        >
          <Icon name="logout" size={18} />
          <span>{action.isLoggingOut ? t('nav.loggingOut') : t('nav.logout')}</span>
        </button>
      </div>
    </Card>
  );
}
