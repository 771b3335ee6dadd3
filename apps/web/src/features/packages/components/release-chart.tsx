import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HoldingEntry } from '@pp/contract';
import { communityMonthTimeZone } from '@pp/contract';
import { Chart } from '@pp/browser-kit/chart';
import { Card } from '../../../components/ui/card';
import { useChartFormats } from '../../../lib/chart-format';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';

interface ReleaseChartProps {
  holding: HoldingEntry;
  /** The reward released by the end of each of the last 30 days (the detail answer's releaseDays). */
  days: ReadonlyArray<{ day: number; released: string }>;
  coinLabel: (coinName: string) => string;
}

/** /package/:id: the reward released so far against the holding's cap, day by day, with the next release and the unlock date (decision 041). */
export function ReleaseChart({ holding, days, coinLabel }: ReleaseChartProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { formatValue, formatTick } = useChartFormats(language);
  const cap = Number(holding.rewardCap);
  const released = Number(holding.released);
  // From the day the holding started, when that is within the 30 days.
  const shown = useMemo(() => days.filter((d, i) => i === days.length - 1 || days[i + 1]!.day > holding.startedAt), [days, holding.startedAt]);
  const x = useMemo(() => shown.map((d) => d.day), [shown]);
  const series = useMemo(
    () => [
      { label: `${t('charts.release.released')} (${coinLabel('REWARD_POINT')})`, values: shown.map((d) => Number(d.released)) },
      { label: t('charts.release.cap'), values: shown.map(() => cap) },
    ],
    [shown, cap, coinLabel, t],
  );
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(cap > 0 ? Math.min(1, released / cap) : 0);
  return (
    <Card className="chart-card">
      <div data-testid="chart-release" className="stack-tight">
        <Chart
          title={t('charts.release.title')}
          headingLevel={2}
          kind="line"
          x={x}
          xUnit="day"
          series={series}
          formatValue={formatValue}
          formatTick={formatTick}
          locale={language}
          timeZone={communityMonthTimeZone}
          summary={t('charts.release.summary', { released: formatValue(released), cap: formatValue(cap), percent })}
          height={180}
        />
        <p className="field-hint">
          {holding.nextReleaseAt !== null
            ? t('charts.release.nextRelease', { time: formatDateTime(holding.nextReleaseAt, language) })
            : t('charts.release.noNextRelease')}
        </p>
        <p className="field-hint">{t('charts.release.unlock', { time: formatDateTime(holding.unlockAt, language) })}</p>
      </div>
    </Card>
  );
}
