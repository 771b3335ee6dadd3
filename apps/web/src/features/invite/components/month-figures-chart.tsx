import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '@pp/browser-kit/chart';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { useChartFormats } from '../../../lib/chart-format';
import { currentLanguage } from '../../../lib/i18n';
import { useMonthFigures } from '../api/month-figures';

/** A month key yyyymm as the month's first day (UTC; the chart names only the month). */
function monthStart(key: number): number {
  return Date.UTC(Math.floor(key / 100), (key % 100) - 1, 1);
}

/** /user-info and /invite-tree: personal and community performance month by month, the last twelve months (decision 041). */
export function MonthFiguresChart() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const figures = useMonthFigures();
  const { formatValue, formatTick } = useChartFormats(language);
  const months = figures.data?.months;
  const x = useMemo(() => (months ?? []).map((m) => monthStart(m.month)), [months]);
  const series = useMemo(
    () =>
      months
        ? [
            { label: t('community.figures.personal'), values: months.map((m) => Number(m.personal)) },
            { label: t('community.figures.community'), values: months.map((m) => Number(m.community)) },
          ]
        : [],
    [months, t],
  );
  const last = months?.at(-1);
  return (
    <Card className="chart-card">
      {figures.isError && !months ? (
        <CardLoadState isError onRetry={() => void figures.refetch()} />
      ) : (
        <div data-testid="chart-months">
          <Chart
            title={t('charts.months.title')}
            headingLevel={2}
            kind="bar"
            x={x}
            xUnit="month"
            series={series}
            formatValue={formatValue}
            formatTick={formatTick}
            locale={language}
            timeZone="UTC"
            summary={
              last ? t('charts.months.summary', { personal: formatValue(Number(last.personal)), community: formatValue(Number(last.community)) }) : undefined
            }
            isLoading={!months}
          />
        </div>
      )}
    </Card>
  );
}
