import { currentLanguage } from '../../../lib/i18n';
import { formatExact, parsePoints } from '@pp/contract';

/**
 * A signed movement of points: "+" and green when points came in, "−" and red when they left.
 * The sign is text, so the meaning does not rest on colour alone. A movement is shown whole
 * (a 0.125 fee is not "0.12"); only balances are cut to two places.
 */
export function SignedAmount({ value }: { value: string }) {
  const language = currentLanguage();
  const minor = parsePoints(value);
  const magnitude = value.trim().replace(/^[-+]/, '');
  const text = formatExact(magnitude, language);
  if (minor === null || minor === 0n) return <span className="amount">{text}</span>;
  const isIn = minor > 0n;
  return (
    <span className={isIn ? 'amount amount-in' : 'amount amount-out'}>
      {isIn ? '+' : '\u2212'}
      {text}
    </span>
  );
}
