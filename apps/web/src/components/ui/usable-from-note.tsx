import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { currentLanguage } from '../../lib/i18n';
import { StatusBadge } from './status-badge';

/**
 * Whether a withdrawal destination (bank account, wallet address) may be used now, or from when:
 * the time in the member's own time zone. `isUsable` is the server's word (the list is read fresh on
 * each visit).
 */
export function UsableFromNote({ usableFrom, isUsable }: { usableFrom: number; isUsable: boolean }) {
  const { t } = useTranslation();
  if (isUsable) return <StatusBadge tone="success">{t('payoutDestinations.usable')}</StatusBadge>;
  return <StatusBadge tone="pending">{t('payoutDestinations.usableFrom', { time: formatDateTime(usableFrom, currentLanguage()) })}</StatusBadge>;
}
