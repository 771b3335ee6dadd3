import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@pp/contract';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact } from '@pp/contract';

type EquityInfo = ResponseOf<'buyEquityInfo'>;

/**
 * The offer and the member's shares: owned (bought and bonus), issued and sold, price, maximum and
 * bonus rule; with `isOwnOnly` (shares not on sale) only what the member holds.
 */
export function EquityFigures({ info, coinLabel, isOwnOnly = false }: { info: EquityInfo; coinLabel: (coinName: string) => string; isOwnOnly?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const number = (n: number) => n.toLocaleString(language);
  const coin = coinLabel(info.coinName);
  const all: Array<{ key: string; label: string; value: string }> = [
    { key: 'purchased', label: t('equity.purchased'), value: number(info.purchased) },
    { key: 'bonus', label: t('equity.bonusReceived'), value: `${formatExact(info.bonus, language)} ${coin}` },
    { key: 'totalOwned', label: t('equity.totalOwned'), value: number(info.totalOwned) },
    { key: 'totalIssued', label: t('equity.totalIssued'), value: number(info.totalIssued) },
    { key: 'sold', label: t('equity.sold'), value: number(info.sold) },
    { key: 'price', label: t('equity.pricePerShare'), value: `${formatExact(info.price, language)} ${coin}` },
    { key: 'maxPerMember', label: t('equity.maxPerMember'), value: number(info.maxPerMember) },
    {
      key: 'bonusRule',
      label: t('equity.bonusRule'),
      value: t('equity.bonusRuleValue', { amount: `${formatExact(info.bonusPerShare, language)} ${coin}`, hours: info.bonusPeriodHours }),
    },
  ];
  const figures = isOwnOnly ? all.filter((f) => f.key === 'purchased' || f.key === 'bonus' || f.key === 'totalOwned') : all;
  return (
    <dl className="revenue-list equity-figures" data-testid="equity-figures">
      {figures.map((f) => (
        <div className="revenue-item" key={f.key}>
          <dt>{f.label}</dt>
          <dd data-testid={`equity-${f.key}`}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
