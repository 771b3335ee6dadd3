import { useTranslation } from 'react-i18next';
import { formatMinor, minorOf, type PayoutEntry, type WithdrawalStatus } from '@pp/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatExactAmount } from '../../../lib/format';

const statusTones: Record<WithdrawalStatus, BadgeTone> = {
  pendingReview: 'info',
  pendingDisbursement: 'warning',
  processing: 'info',
  success: 'success',
  rejected: 'danger',
};

export function PayoutStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return <Badge tone={statusTones[status]}>{t(`payouts.statuses.${status}`)}</Badge>;
}

/** "12.50 USDT": an amount of the order's coin. */
export function coinAmount(amount: string, coinName: string): string {
  return `${formatExactAmount(amount)} ${coinName}`;
}

/** Amount plus fee, exactly (minor units): what was held from the member and a rejection releases. */
export function heldTotal(entry: Pick<PayoutEntry, 'amount' | 'fee'>): string {
  const amount = minorOf(entry.amount);
  const fee = minorOf(entry.fee);
  if (amount === null || fee === null) return entry.amount;
  return formatMinor(amount + fee);
}

/** Who and what, for labels of buttons and dialogs: "W000123 · alice · 100.00 USDT". */
export function describePayout(entry: Pick<PayoutEntry, 'number' | 'memberName' | 'amount' | 'coinName'>): string {
  return `${entry.number} · ${entry.memberName} · ${coinAmount(entry.amount, entry.coinName)}`;
}
