import { formatExact, type NotificationEntry, type NotificationType } from '@pp/contract';
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

/**
 * The parameters as the texts use them: strings only, never an internal code shown raw. An amount
 * keeps its cents and any further places it uses, as the records show it ("100.00", "0.125"), so a
 * notice never reads as a rounder sum than the money that moved.
 */
export function notificationParams(entry: NotificationEntry, language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(entry.params)) out[key] = String(value);
  if (out.amount) out.amount = formatExact(out.amount, language);
  return out;
}
