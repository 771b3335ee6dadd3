import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '@pp/browser-kit/chart';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { useChartFormats } from '../../../lib/chart-format';
import { currentLanguage } from '../../../lib/i18n';
import { useCoinLabel } from '../api/coin-list';
import { useBalanceHistory } from '../api/balance-history';

const ranges = [30, 90] as const;

/** /details: each point type's balance at the end of each day, 30 or 90 days (decision 041). */
export function BalanceHistoryChart() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const name = useId();
  const [days, setDays] = useState<(typeof ranges)[number]>(30);
  const history = useBalanceHistory(days);
  const coinLabel = useCoinLabel();
  const { formatValue, formatTick } = useChartFormats(language);
  const data = history.data;
  const series = useMemo(() => (data ? data.coins.map((c) => ({ label: coinLabel(c.coinName), values: c.balances.map(Number) })) : []), [data, coinLabel]);

  const toggle = (
    <fieldset className="segmented">
      <legend className="visually-hidden">{t('charts.balance.range')}</legend>
      {ranges.map((r) => (
        <label key={r} className={days === r ? 'segment segment-active' : 'segment'}>
          <input type="radio" name={name} value={r} checked={days === r} onChange={() => setDays(r)} className="visually-hidden" />
          {t('charts.balance.days', { days: r })}
        </label>
      ))}
    </fieldset>
  );

  return (
    <Card className="chart-card">
      {history.isError && !data ? (
        <CardLoadState isError onRetry={() => void history.refetch()} />
      ) : (
        <div data-testid="chart-balance">
          <Chart
            title={t('charts.balance.title')}
            headingLevel={2}
            kind="line"
            x={data?.days ?? []}
            xUnit="day"
            series={series}
            formatValue={formatValue}
            formatTick={formatTick}
            locale={language}
            timeZone={data?.timeZone}
            summary={t('charts.balance.summary', { days })}
            isLoading={!data}
            actions={toggle}
          />
        </div>
      )}
    </Card>
  );
}
