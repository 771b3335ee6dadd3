import { useTranslation } from 'react-i18next';
import type { PackageTerms } from '@pp/contract';
import { currentLanguage } from '../../../lib/i18n';
import { formatDecimal, formatExact } from '@pp/contract';

interface TermsListProps {
  terms: PackageTerms;
  coinLabel: (coinName: string) => string;
  /** The product card shows the main terms; the details page shows them all. */
  isFull?: boolean;
}

/** A package's terms as label and value rows (per unit). */
export function TermsList({ terms, coinLabel, isFull = false }: TermsListProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const fee = (amount: string) => `${formatExact(amount, language)} ${coinLabel(terms.feeCoinName)}`;
  const hasMaxReward = /[1-9]/.test(terms.maxReward);
  const rows: Array<[string, string]> = [
    [t('packages.terms.price'), formatExact(terms.price, language)],
    [t('packages.terms.premium'), fee(terms.premium)],
    [t('packages.terms.fee'), fee(terms.fee)],
    [t('packages.terms.contractDays'), t('packages.terms.days', { count: terms.contractDays })],
    [
      t('packages.terms.release'),
      t('packages.terms.releaseValue', { percent: formatDecimal(terms.releasePercent, language), hours: terms.releasePeriodHours }),
    ],
    [t('packages.terms.maxProfit'), t('packages.terms.percentValue', { percent: formatDecimal(terms.maxProfitPercent, language) })],
    [t('packages.terms.maxReward'), hasMaxReward ? formatExact(terms.maxReward, language) : t('packages.terms.noCap')],
    [t('packages.terms.unlockDays'), t('packages.terms.days', { count: terms.unlockDays })],
    [t('packages.terms.drawCycle'), terms.drawCycleDays > 0 ? t('packages.terms.days', { count: terms.drawCycleDays }) : t('packages.terms.noDraw')],
  ];
  if (isFull) {
    rows.push(
      [t('packages.terms.effectiveDelay'), t('packages.terms.hours', { count: terms.effectiveDelayHours })],
      [t('packages.terms.redeemFee'), t('packages.terms.percentValue', { percent: formatDecimal(terms.redeemFeePercent, language) })],
      [t('packages.terms.redeemFeeUnlocked'), t('packages.terms.percentValue', { percent: formatDecimal(terms.redeemFeeUnlockedPercent, language) })],
      [
        t('packages.terms.claimGuarantee'),
        /[1-9]/.test(terms.claimGuaranteePercent)
          ? t('packages.terms.percentValue', { percent: formatDecimal(terms.claimGuaranteePercent, language) })
          : t('packages.terms.noClaim'),
      ],
    );
  }
  return (
    <dl className="list-card-fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
