import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { communityMonthTimeZone, formatExact, formatMinor, purchaseSchedule, type PackageTerms } from '@pp/contract';
import { Chart, chartDateFormat } from '@pp/browser-kit/chart';
import { useChartFormats } from '../../../lib/chart-format';
import { currentLanguage } from '../../../lib/i18n';
import { scheduleRows } from '../release-projection';

interface PurchaseScheduleProps {
  terms: PackageTerms;
  units: number;
  /** The member's auto top-up: each release then grows the principal. */
  isReinvest: boolean;
  coinLabel: (coinName: string) => string;
}

/** Points on the chart and rows in the table: enough to read the curve, few enough for a phone. */
const chartPointsMax = 40;
const tableRowsMax = 6;

/**
 * Before buying: what the package will release, date by date, and in total by the end of its term,
 * computed by the contract's rule the release job pays by, for the units chosen and from now.
 */
export function PurchaseSchedule({ terms, units, isReinvest, coinLabel }: PurchaseScheduleProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { formatValue, formatTick } = useChartFormats(language);
  // The moment the dialog opened stands for the moment of the sale (the server's own clock decides).
  const [startedAt] = useState(() => Date.now());
  const { periods } = useMemo(() => purchaseSchedule(terms, units, startedAt, isReinvest), [terms, units, startedAt, isReinvest]);
  const chartRows = useMemo(() => scheduleRows(periods, chartPointsMax), [periods]);
  const tableRows = useMemo(() => scheduleRows(periods, tableRowsMax), [periods]);
  const dates = useMemo(() => chartDateFormat(language, 'day', communityMonthTimeZone), [language]);
  const coin = coinLabel('REWARD_POINT');

  if (periods.length === 0) {
    return (
      <p className="field-hint" data-testid="purchase-schedule-none">
        {t('packages.projection.none')}
      </p>
    );
  }
  const last = periods[periods.length - 1]!;
  const summary = t('packages.projection.summary', {
    total: `${formatExact(last.releasedAfter, language)} ${coin}`,
    date: dates.format(last.dueAt),
    releases: periods.length,
    first: dates.format(periods[0]!.dueAt),
  });
  return (
    <section className="purchase-schedule stack-tight" data-testid="purchase-schedule">
      <Chart
        title={t('packages.projection.title')}
        headingLevel={3}
        kind="line"
        x={chartRows.map((r) => r.at)}
        xUnit="day"
        series={[{ label: `${t('packages.projection.cumulative')} (${coin})`, values: chartRows.map((r) => Number(formatMinor(r.cumulative))) }]}
        formatValue={formatValue}
        formatTick={formatTick}
        locale={language}
        timeZone={communityMonthTimeZone}
        summary={summary}
        height={140}
      />
      <table className="data-table data-table-dense schedule-table">
        <caption className="visually-hidden">{t('packages.projection.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('packages.projection.date')}</th>
            <th scope="col" className="num">
              {t('packages.projection.released')}
            </th>
            <th scope="col" className="num">
              {t('packages.projection.cumulative')}
            </th>
          </tr>
        </thead>
        <tbody>
          {tableRows.map((r) => (
            <tr key={r.at}>
              <th scope="row">{dates.format(r.at)}</th>
              <td className="num">{formatExact(r.amount, language)}</td>
              <td className="num">{formatExact(r.cumulative, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field-hint">{t(isReinvest ? 'packages.projection.noteReinvest' : 'packages.projection.note')}</p>
    </section>
  );
}

/** The one line the confirmation repeats: the total return and its date. */
export function PurchaseReturn({ terms, units, isReinvest, coinLabel }: PurchaseScheduleProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [startedAt] = useState(() => Date.now());
  const last = useMemo(() => purchaseSchedule(terms, units, startedAt, isReinvest).periods.at(-1), [terms, units, startedAt, isReinvest]);
  const dates = useMemo(() => chartDateFormat(language, 'day', communityMonthTimeZone), [language]);
  if (!last) return null;
  return (
    <div className="info-row" data-testid="purchase-return">
      <dt>{t('packages.projection.returnBy', { date: dates.format(last.dueAt) })}</dt>
      <dd>{`${formatExact(last.releasedAfter, language)} ${coinLabel('REWARD_POINT')}`}</dd>
    </div>
  );
}
