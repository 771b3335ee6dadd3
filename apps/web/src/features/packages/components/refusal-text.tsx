import { useTranslation } from 'react-i18next';
import type { BuyRefusalReason } from '@pp/contract';

interface RefusalTextProps {
  reason: BuyRefusalReason;
  /** Units the member may still buy, units left in total (null = no limit or unknown). */
  memberRemaining: number | null;
  totalRemaining: number | null;
}

/** Why a purchase is refused, in the member's words: the portal translates the reason code itself. */
export function RefusalText({ reason, memberRemaining, totalRemaining }: RefusalTextProps) {
  const { t } = useTranslation();
  if (reason === 'memberLimit' && memberRemaining !== null) return <>{t('packages.refusals.memberLimitCount', { count: memberRemaining })}</>;
  if (reason === 'totalLimit' && totalRemaining !== null) return <>{t('packages.refusals.totalLimitCount', { count: totalRemaining })}</>;
  return <>{t(`packages.refusals.${reason}`)}</>;
}
