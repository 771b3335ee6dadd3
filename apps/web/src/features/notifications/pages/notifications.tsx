import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { NotificationList } from '../components/notification-list';

const tabs = ['notifications', 'announcements'] as const;

/** /notification: the member's notifications and, beside them, the announcements (from content, composed in app/routes). */
export function NotificationsPage({ announcements, coinLabel }: { announcements: ReactNode; coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const name = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabs.find((x) => x === searchParams.get('tab')) ?? 'notifications';
  return (
    <>
      <PageHeader title={t('pages.notification')} />
      <div className="stack">
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('notifications.tabs.label')}</legend>
          {tabs.map((x) => (
            <label key={x} className={tab === x ? 'segment segment-active' : 'segment'}>
              <input
                type="radio"
                name={name}
                value={x}
                checked={tab === x}
                onChange={() => setSearchParams(x === 'notifications' ? {} : { tab: x }, { replace: true })}
                className="visually-hidden"
              />
              {t(`notifications.tabs.${x}`)}
            </label>
          ))}
        </fieldset>
        <Card title={t(`notifications.tabs.${tab}`)}>{tab === 'notifications' ? <NotificationList coinLabel={coinLabel} /> : announcements}</Card>
      </div>
    </>
  );
}
