import { useTranslation } from 'react-i18next';
import { formatAmount } from '@pp/contract';
import { currentLanguage } from '../../../lib/i18n';
import { hiddenFigure } from '../balance-privacy';
import { useBalancesHidden } from '../use-balances-hidden';

/**
 * A balance as the reader's locale writes it, or, when the member closed the eye, a mark that
 * screen readers announce as hidden instead of reading the dots.
 */
export function BalanceFigure({ value }: { value: string }) {
  const { t } = useTranslation();
  const isHidden = useBalancesHidden();
  if (!isHidden) return <>{formatAmount(value, currentLanguage())}</>;
  return (
    <>
      <span aria-hidden="true">{hiddenFigure}</span>
      <span className="visually-hidden">{t('assets.hidden')}</span>
    </>
  );
}
