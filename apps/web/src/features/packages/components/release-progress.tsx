import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact, parsePoints } from '@pp/contract';

/** The reward the holding released against its cap (REWARD_POINT), as words and a bar. */
export function ReleaseProgress({ released, cap, coinLabel }: { released: string; cap: string; coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const done = parsePoints(released) ?? 0n;
  const whole = parsePoints(cap) ?? 0n;
  // Per mille, in integers: the amounts never meet a float.
  const perMille = whole > 0n ? Number((done * 1000n) / whole) : 0;
  const percent = Math.min(100, perMille / 10);
  const label = t('packages.holdings.releasedOfCap', {
    released: formatExact(released, language),
    cap: formatExact(cap, language),
    coin: coinLabel('REWARD_POINT'),
  });
  return (
    <div className="release-progress">
      <div className="list-card-row">
        <span className="list-card-meta">{t('packages.holdings.released')}</span>
        <span className="list-card-meta">{label}</span>
      </div>
      <div
        className="release-track"
        role="progressbar"
        aria-label={t('packages.holdings.released')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
      >
        <div className="release-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
