import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HoldingEntry, ReleasePeriod } from '@pp/contract';
import { communityMonthTimeZone, formatExact, formatMinor, parseAmount } from '@pp/contract';
import { Chart } from '@pp/browser-kit/chart';
import { Card } from '../../../components/ui/card';
import { useChartFormats } from '../../../lib/chart-format';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { scheduleRows } from '../release-projection';

interface ReleaseChartProps {
  holding: HoldingEntry;
  /** The reward released by the end of each of the last 30 days (the detail answer's releaseDays). */
  days: ReadonlyArray<{ day: number; released: string }>;
  /** The rest of the holding's schedule if nothing changes (the contract's projectHolding). */
  projection: readonly ReleasePeriod[];
  coinLabel: (coinName: string) => string;
}

/** Projected points drawn after today: enough for the curve's shape. */
const projectedPointsMax = 40;

/**
 * /package/:id: the reward released so far against the holding's cap, day by day, and after today
 * the projected schedule to the end of the term, with the next release and the unlock date
 * (decision 041).
 */
export function ReleaseChart({ holding, days, projection, coinLabel }: ReleaseChartProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { formatValue, formatTick } = useChartFormats(language);
  const cap = Number(holding.rewardCap);
  const released = Number(holding.released);
  // From the day the holding started, when that is within the 30 days.
  const shown = useMemo(() => days.filter((d, i) => i === days.length - 1 || days[i + 1]!.day > holding.startedAt), [days, holding.startedAt]);
  // The projection joins the released line at today's figure and runs on from there.
  const future = useMemo(() => {
    const today = shown.length > 0 ? shown[shown.length - 1]!.day : 0;
    return scheduleRows(projection, projectedPointsMax, parseAmount(holding.released) ?? 0n).filter((r) => r.at > today);
  }, [projection, shown, holding.released]);
  const x = useMemo(() => [...shown.map((d) => d.day), ...future.map((r) => r.at)], [shown, future]);
  const series = useMemo(() => {
    const pad = future.map(() => null);
    const lines = [
      { label: `${t('charts.release.released')} (${coinLabel('REWARD_POINT')})`, values: [...shown.map((d) => Number(d.released)), ...pad] },
      { label: t('charts.release.cap'), values: x.map(() => cap) },
    ];
    if (future.length === 0) return lines;
    const projected = [...shown.map((_, i) => (i === shown.length - 1 ? released : null)), ...future.map((r) => Number(formatMinor(r.cumulative)))];
    return [lines[0]!, { label: t('charts.release.projected'), values: projected }, lines[1]!];
  }, [shown, future, x, cap, released, coinLabel, t]);
  const end = projection.length > 0 ? projection[projection.length - 1]! : null;
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
        {end ? (
          <p className="field-hint" data-testid="projected-total">
            {t('charts.release.projectedTotal', {
              total: `${formatExact(end.releasedAfter, language)} ${coinLabel('REWARD_POINT')}`,
              time: formatDateTime(end.dueAt, language),
            })}
          </p>
        ) : null}
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
