import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** /notification (notifications and announcements): built by a later issue. */
export function NotificationsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.notification')} />;
}
