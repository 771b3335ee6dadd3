import type { NotificationEntry, NotificationType } from '@pp/contract';
import { paths } from '../../lib/paths';

/** The page that shows what a notification is about. */
export const notificationTargets: Record<NotificationType, string> = {
  depositCredited: paths.recharge,
  depositRejected: paths.recharge,
  withdrawalPaid: paths.withdraw,
  withdrawalRejected: paths.withdraw,
  exchangeApproved: paths.records,
  exchangeRejected: paths.records,
  packageUnlocked: `${paths.package}?tab=holdings`,
  packageExpired: `${paths.package}?tab=holdings`,
  claimApproved: `${paths.package}?tab=holdings`,
  claimRejected: `${paths.package}?tab=holdings`,
  bonusPaid: paths.records,
  gradeChanged: paths.userInfo,
};

/** The parameters as the texts use them: strings only, never an internal code shown raw. */
export function notificationParams(entry: NotificationEntry): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(entry.params)) out[key] = String(value);
  return out;
}
