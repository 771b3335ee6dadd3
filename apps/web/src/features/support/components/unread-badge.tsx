import { useTranslation } from 'react-i18next';
import { useSupportUnread } from '../api';

/** The member's unread support messages, beside the customer-service entry; nothing when none. */
export function SupportUnreadBadge() {
  const { t } = useTranslation();
  const unread = useSupportUnread().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="chat-badge" aria-label={t('support.chat.unread', { count: unread })} data-testid="support-unread">
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
