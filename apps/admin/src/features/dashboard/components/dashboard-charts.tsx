/**
 * The dashboard's charts (decision 042): deposits and withdrawals, package sales and the number of
 * each per day as bars, and the review queues' sizes at each day's end as lines, over the last 30
 * or 90 days in the server's dashboard time zone. Each chart carries its figures as a table (the
 * kit's Chart); numbers and dates follow the reader's language.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartSeries } from '@pp/browser-kit/chart';
import { dashboardSeriesDays, formatMinor, parsePoints } from '@pp/contract';
import { ErrorState } from '../../../components/ui/states';
import { formatCount, formatExactAmount } from '../../../lib/format';
import { formatLocale, translateOr } from '../../../lib/i18n';
import { useDashboardSeries } from '../api/dashboard';

type Days = (typeof dashboardSeriesDays)[number];

/** Sums the server's points strings exactly (the contract's amounts module) for the summaries. */
function sumAmounts(values: ReadonlyArray<string>): string {
  return formatMinor(values.reduce((total, v) => total + (parsePoints(v) ?? 0n), 0n));
}

const sum = (values: ReadonlyArray<number>) => values.reduce((a, b) => a + b, 0);

export function DashboardCharts() {
  const { t } = useTranslation();
  const [days, setDays] = useState<Days>(30);
  const series = useDashboardSeries(days);
  const locale = formatLocale();
  const amountFormat = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }), [locale]);
  const formatAmount = (n: number) => amountFormat.format(n);
  // Counts are whole: the axis's in-between ticks (0.25, 0.5) get no label.
  const formatWhole = (n: number) => (Number.isInteger(n) ? formatCount(n) : '');
  const data = series.data;
  const isLoading = series.isPending;
  const x = data?.days ?? [];
  const timeZone = data?.timeZone;

  const money: ChartSeries[] = data
    ? [
        { label: t('dashboard.charts.deposits'), values: data.deposits.points.map(Number) },
        { label: t('dashboard.charts.withdrawals'), values: data.withdrawals.points.map(Number) },
      ]
    : [];
  const sales: ChartSeries[] = data ? [{ label: t('dashboard.charts.sales'), values: data.packageSales.points.map(Number) }] : [];
  const counts: ChartSeries[] = data
    ? [
        { label: t('dashboard.charts.deposits'), values: data.deposits.count },
        { label: t('dashboard.charts.withdrawals'), values: data.withdrawals.count },
        { label: t('dashboard.charts.sales'), values: data.packageSales.count },
      ]
    : [];
  // Only the queues that held anything in the period: six flat lines at zero say nothing.
  const queues: ChartSeries[] = data
    ? data.queues.filter((q) => q.sizes.some((n) => n > 0)).map((q) => ({ label: translateOr(`queues.${q.queue}`, q.queue), values: q.sizes }))
    : [];
  const waitingNow = data ? sum(data.queues.map((q) => q.sizes[q.sizes.length - 1] ?? 0)) : 0;

  const common = { x, xUnit: 'day' as const, locale, timeZone, isLoading, headingLevel: 3 as const };

  return (
    <section className="card dashboard-charts" aria-labelledby="dash-charts">
      <div className="dashboard-charts-head">
        <h2 className="card-title" id="dash-charts">
          {t('dashboard.charts.title', { days })}
        </h2>
        <div className="tabs" role="group" aria-label={t('dashboard.charts.period')}>
          {dashboardSeriesDays.map((d) => (
            <button key={d} type="button" className={`tab btn-ghost${days === d ? ' is-active' : ''}`} aria-pressed={days === d} onClick={() => setDays(d)}>
              {t('dashboard.charts.days', { days: d })}
            </button>
          ))}
        </div>
      </div>
      {timeZone ? <p className="muted">{t('dashboard.charts.timeZone', { zone: timeZone })}</p> : null}
      {series.isError ? (
        <ErrorState onRetry={() => void series.refetch()} />
      ) : (
        <div className="dashboard-charts-grid">
          <Chart
            {...common}
            title={t('dashboard.charts.money')}
            kind="bar"
            series={money}
            formatValue={formatAmount}
            summary={
              data
                ? t('dashboard.charts.moneySummary', {
                    days,
                    depositCount: formatCount(sum(data.deposits.count)),
                    depositPoints: formatExactAmount(sumAmounts(data.deposits.points)),
                    withdrawalCount: formatCount(sum(data.withdrawals.count)),
                    withdrawalPoints: formatExactAmount(sumAmounts(data.withdrawals.points)),
                  })
                : undefined
            }
          />
          <Chart
            {...common}
            title={t('dashboard.charts.salesTitle')}
            kind="bar"
            series={sales}
            formatValue={formatAmount}
            summary={
              data
                ? t('dashboard.charts.salesSummary', {
                    days,
                    count: formatCount(sum(data.packageSales.count)),
                    points: formatExactAmount(sumAmounts(data.packageSales.points)),
                  })
                : undefined
            }
          />
          <Chart {...common} title={t('dashboard.charts.counts')} kind="bar" series={counts} formatValue={formatWhole} />
          <Chart
            {...common}
            title={t('dashboard.charts.queues')}
            kind="line"
            series={queues}
            formatValue={formatWhole}
            summary={data ? t('dashboard.charts.queuesSummary', { waiting: formatCount(waitingNow) }) : undefined}
          />
        </div>
      )}
    </section>
  );
}
