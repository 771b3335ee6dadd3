import { useTranslation } from 'react-i18next';
import { holdingEndReasons, type HoldingEndReason, type HoldingEventType } from '@pp/contract';

const isEndReason = (value: string): value is HoldingEndReason => (holdingEndReasons as readonly string[]).includes(value);

/**
 * The detail of a history line in words: the period of a release, the product before an
 * upgrade, the other member of a transfer, how a holding ended. Details that mean nothing to a
 * member (a claim's id) are not shown.
 */
export function EventDetail({ type, detail }: { type: HoldingEventType; detail: string | null }) {
  const { t } = useTranslation();
  if (!detail) return null;
  switch (type) {
    case 'release':
    case 'reinvest':
      return <>{t('packages.eventDetails.period', { number: detail })}</>;
    case 'add':
      return <>{t('packages.eventDetails.units', { count: detail })}</>;
    case 'prize':
      return <>{t('packages.eventDetails.draw', { number: detail })}</>;
    case 'upgrade':
      return (
        <>
          {t('packages.eventDetails.upgradedFrom')} <span data-user-content>{detail}</span>
        </>
      );
    case 'transferOut':
      return (
        <>
          {t('packages.eventDetails.to')} <span data-user-content>{detail}</span>
        </>
      );
    case 'transferIn':
      return (
        <>
          {t('packages.eventDetails.from')} <span data-user-content>{detail}</span>
        </>
      );
    case 'expire':
      return isEndReason(detail) ? <>{t(`packages.endReasons.${detail}`)}</> : null;
    default:
      return null;
  }
}

/** Whether EventDetail shows anything for this line (so a list leaves out an empty row). */
export function hasDetail(type: HoldingEventType, detail: string | null): boolean {
  if (!detail) return false;
  if (type === 'expire') return isEndReason(detail);
  return ['release', 'reinvest', 'add', 'prize', 'upgrade', 'transferOut', 'transferIn'].includes(type);
}
