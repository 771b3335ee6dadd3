/**
 * One chart for both apps (decision 041): a line or bar chart drawn by uPlot on a canvas, with
 * the same figures always in the page as a table (in a <details> disclosure, so screen readers,
 * keyboard users and anyone who prefers numbers get them). The chart library and its stylesheet
 * are a chunk of their own (`./chart-draw`, a dynamic import), loaded only when a chart renders;
 * this entry is the subpath `@pp/browser-kit/chart`, never re-exported from the kit's index, so
 * no bundle without a chart carries it. While the library loads, a placeholder of the chart's
 * height holds the place (no layout shift); the chart redraws to its box's width on resize.
 *
 * Texts come from the app's locales: chart.figures, chart.date, chart.month, chart.loading,
 * chart.empty, chart.noValue, chart.failed (both apps carry them in five languages).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './chart.css';

import { chartDateFormat, chartPalette, type ChartProps } from './chart-format.ts';

export { chartDateFormat, chartPalette, type ChartProps, type ChartSeries } from './chart-format.ts';

type TableProps = Pick<ChartProps, 'x' | 'xUnit' | 'series' | 'formatValue' | 'locale' | 'timeZone'> & { caption: string };

/** The text alternative: one row per x, one column per series, dates and numbers in the page's language. */
export function ChartTable({ caption, x, xUnit, series, formatValue, locale, timeZone }: TableProps) {
  const { t } = useTranslation();
  const dates = useMemo(() => chartDateFormat(locale, xUnit, timeZone), [locale, xUnit, timeZone]);
  return (
    // Scrolls when long: focusable and named, so a keyboard can scroll it (axe scrollable-region-focusable).
    <div className="chart-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="chart-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t(xUnit === 'day' ? 'chart.date' : 'chart.month')}</th>
            {series.map((s) => (
              <th scope="col" key={s.label}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {x.map((at, i) => (
            <tr key={at}>
              <th scope="row">{dates.format(at)}</th>
              {series.map((s) => {
                const v = s.values[i];
                return <td key={s.label}>{v == null ? t('chart.noValue') : formatValue(v)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type DrawModule = typeof import('./chart-draw');

export function Chart(props: ChartProps) {
  const {
    title,
    kind,
    x,
    xUnit,
    series,
    formatValue,
    formatTick,
    locale,
    summary,
    height = 220,
    timeZone,
    headingLevel = 3,
    isLoading = false,
    actions,
  } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const isEmpty = !isLoading && (x.length === 0 || series.every((s) => s.values.every((v) => v == null)));
  const Heading = `h${headingLevel}` as 'h3';
  // Callers need not memoize: the drawing follows the figures' content, and the newest formatter.
  const dataKey = JSON.stringify([x, series]);
  const format = useRef(formatTick ?? formatValue);
  const latest = useRef({ x, series });
  useEffect(() => {
    format.current = formatTick ?? formatValue;
    latest.current = { x, series };
  });

  useEffect(() => {
    const el = holder.current;
    if (!el || isLoading || isEmpty) return;
    let cancelled = false;
    let dispose: (() => void) | undefined;
    import('./chart-draw')
      .then((mod: DrawModule) => {
        if (cancelled) return;
        const data = latest.current;
        const formatNow = (n: number) => format.current(n);
        dispose = mod.drawChart(el, { kind, x: data.x, xUnit, series: data.series, formatValue: formatNow, locale, height, timeZone });
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [kind, dataKey, xUnit, locale, height, timeZone, isLoading, isEmpty]);

  return (
    <figure className="chart" aria-labelledby={titleId}>
      <div className="chart-head">
        <Heading id={titleId} className="chart-title">
          {title}
        </Heading>
        {actions}
      </div>
      {summary ? <p className="chart-summary">{summary}</p> : null}
      {!isEmpty && series.length > 1 ? (
        <ul className="chart-legend">
          {series.map((s, i) => (
            <li key={s.label}>
              <span className="chart-swatch" aria-hidden="true" style={{ background: chartPalette[i % chartPalette.length] }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="chart-plot" style={{ height }} aria-hidden="true">
        {isEmpty ? null : <div ref={holder} className="chart-canvas" />}
        {isLoading || (!isEmpty && state === 'loading') ? <span className="chart-status">{t('chart.loading')}</span> : null}
        {isEmpty ? <span className="chart-status">{t('chart.empty')}</span> : null}
        {!isEmpty && state === 'failed' ? <span className="chart-status">{t('chart.failed')}</span> : null}
      </div>
      {isEmpty && !isLoading ? <p className="visually-hidden">{t('chart.empty')}</p> : null}
      {!isEmpty && !isLoading ? (
        <details className="chart-figures">
          <summary>{t('chart.figures')}</summary>
          <ChartTable caption={title} x={x} xUnit={xUnit} series={series} formatValue={formatValue} locale={locale} timeZone={timeZone} />
        </details>
      ) : null}
    </figure>
  );
}
