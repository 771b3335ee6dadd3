import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationEntry } from '@pp/contract';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { formatDateTime } from '../../../lib/dates';
import { useNotificationList } from '../api/notification-list';
import { useMarkNotificationsRead } from '../api/notification-read';
import { notificationParams, notificationTargets } from '../notification-text';

/** The member's notifications with "mark read" one by one and all at once. */
export function NotificationList({ coinLabel }: { coinLabel: (coinName: string) => string }) {
  const { t, i18n } = useTranslation();
  const list = useNotificationList();
  const mark = useMarkNotificationsRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const hasUnread = items.some((n) => !n.isRead);
  const text = (n: NotificationEntry) => {
    const p = notificationParams(n, i18n.language);
    if (p.coinName) p.coinName = coinLabel(p.coinName);
    return t(`notifications.types.${n.type}`, p);
  };
  return (
    <div className="stack">
      <div className="notification-actions">
        <button type="button" className="btn btn-secondary btn-small" disabled={!hasUnread || mark.isPending} onClick={() => mark.mutate(null)}>
          {t('notifications.markAllRead')}
        </button>
      </div>
      <PagedListBody list={list} isEmpty={items.length === 0} empty={t('notifications.empty')}>
        <ul className="notification-list">
          {items.map((n) => (
            <li key={n.id} className={n.isRead ? 'notification' : 'notification notification-unread'}>
              <div className="notification-main">
                {n.isRead ? null : <span className="notification-dot" aria-hidden="true" />}
                <span className="visually-hidden">{n.isRead ? t('notifications.read') : t('notifications.unread')}</span>
                <Link to={notificationTargets[n.type]} onClick={() => (n.isRead ? undefined : mark.mutate(n.id))}>
                  {text(n)}
                </Link>
              </div>
              <div className="notification-meta">
                <time dateTime={new Date(n.createdAt).toISOString()}>{formatDateTime(n.createdAt, i18n.language)}</time>
                {n.isRead ? null : (
                  <button type="button" className="btn btn-secondary btn-small" disabled={mark.isPending} onClick={() => mark.mutate(n.id)}>
                    {t('notifications.markRead')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </PagedListBody>
    </div>
  );
}
