import { useTranslation } from 'react-i18next';
import { formatExact, formatPoints, largestAmountWithin, presetAmount, type AmountLimits } from '@pp/contract';
import { currentLanguage } from '../../lib/i18n';

interface AmountShortcutsProps {
  /** The balance and the rules of the amount; null while they load (the buttons wait). */
  limits: AmountLimits | null;
  /** Puts the chosen amount into the field, as the member would type it. */
  onFill: (amount: string) => void;
  /** Shares of Max offered beside it; none where a share means nothing (a fixed price). */
  percents?: readonly number[];
}

/**
 * Max and preset buttons under an amount field, one helper for every money form: Max is the
 * largest amount the balance covers with the server's fee on top, rounded down to the step and
 * within the ceiling (contract `largestAmountWithin`); a preset is a share of it. A button whose
 * amount would be refused (below the minimum, nothing available) is disabled, not hidden, so the
 * row does not move as balances load.
 */
export function AmountShortcuts({ limits, onFill, percents = [25, 50, 75] }: AmountShortcutsProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const percentFormat = new Intl.NumberFormat(language, { style: 'percent' });
  const max = limits ? largestAmountWithin(limits) : null;
  const button = (key: string, text: string, amount: bigint | null, label: (amount: string) => string) => (
    <button
      key={key}
      type="button"
      className="btn btn-secondary btn-small"
      disabled={amount === null}
      aria-label={amount === null ? undefined : label(formatExact(amount, language))}
      onClick={() => amount !== null && onFill(formatPoints(amount))}
    >
      {text}
    </button>
  );
  return (
    <div className="amount-shortcuts">
      {percents.map((percent) => {
        const shown = percentFormat.format(percent / 100);
        return button(String(percent), shown, limits ? presetAmount(limits, percent) : null, (amount) =>
          t('assets.fillPercentLabel', { percent: shown, amount }),
        );
      })}
      {button('max', t('assets.fillMax'), max, (amount) => t('assets.fillMaxLabel', { amount }))}
    </div>
  );
}
