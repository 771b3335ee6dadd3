import type { TransactionStatus } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

const tones: Record<TransactionStatus, StatusTone> = {
  success: 'success',
  pendingReview: 'pending',
  pendingDisbursement: 'pending',
  processing: 'pending',
  withdrawalRejected: 'danger',
  notReceived: 'danger',
  failed: 'danger',
  // The member's own choice, and the money came back: nothing went wrong.
  cancelled: 'neutral',
  rejected: 'danger',
};

export function RecordStatus({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={tones[status]}>{t(`records.statuses.${status}`)}</StatusBadge>;
}
