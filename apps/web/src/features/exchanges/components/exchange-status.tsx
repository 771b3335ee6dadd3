import { useTranslation } from 'react-i18next';
import { rejectReasonCodes, type ExchangeEntry } from '@pp/contract';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

const tones: Record<ExchangeEntry['status'], StatusTone> = {
  pendingReview: 'pending',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

type ReasonCode = (typeof rejectReasonCodes)[number];
const isReasonCode = (value: string | null): value is ReasonCode => (rejectReasonCodes as readonly string[]).includes(value ?? '');

/** The exchange's state; a rejection says why, in the member's language where staff chose a reason. */
export function ExchangeStatus({ exchange }: { exchange: ExchangeEntry }) {
  const { t } = useTranslation();
  const code = isReasonCode(exchange.rejectReasonCode) && exchange.rejectReasonCode !== 'other' ? exchange.rejectReasonCode : null;
  const reason = [code ? t(`exchange.rejectReasons.${code}`) : '', exchange.rejectReason?.trim() ?? ''].filter(Boolean).join(' — ');
  return (
    <span className="status-cell">
      <StatusBadge tone={tones[exchange.status]}>{t(`exchange.statuses.${exchange.status}`)}</StatusBadge>
      {exchange.status === 'rejected' && reason ? <span className="status-reason">{reason}</span> : null}
    </span>
  );
}
