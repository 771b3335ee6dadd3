// Proves the chart's text alternative: every figure in a table (dates in the page language's format, values through the caller's format, a missing value marked), the figure named by its title, and a chart with no figures says so instead of drawing.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Chart, ChartTable, chartDateFormat } from './chart';

const x = [Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 2), Date.UTC(2026, 10, 3)];
const series = [
  { label: 'Points', values: [1234.5, null, 0] },
  { label: 'Bonus', values: [2, 3, 4] },
];
const format = (n: number) => new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(n);

describe('ChartTable', () => {
  it('lists each date with every series value in the given formats', () => {
    const html = renderToStaticMarkup(<ChartTable caption="Balance" x={x} xUnit="day" series={series} formatValue={format} locale="ja-JP" timeZone="UTC" />);
    expect(html).toContain('<caption class="visually-hidden">Balance</caption>');
    expect(html).toContain('<th scope="col">chart.date</th><th scope="col">Points</th><th scope="col">Bonus</th>');
    const days = chartDateFormat('ja-JP', 'day', 'UTC');
    expect(days.format(x[0]!)).toBe('2026年11月1日');
    expect(html).toContain(`<tr><th scope="row">2026年11月1日</th><td>1.234,50</td><td>2,00</td></tr>`);
    expect(html).toContain(`<tr><th scope="row">2026年11月2日</th><td>chart.noValue</td><td>3,00</td></tr>`);
    expect(html.match(/<tr>/g)).toHaveLength(4);
  });

  it('names months in the locale for a monthly chart', () => {
    const html = renderToStaticMarkup(
      <ChartTable
        caption="Sales"
        x={[Date.UTC(2026, 0, 1)]}
        xUnit="month"
        series={[{ label: 'A', values: [5] }]}
        formatValue={String}
        locale="en-US"
        timeZone="UTC"
      />,
    );
    expect(html).toContain('<th scope="col">chart.month</th>');
    expect(html).toContain('<th scope="row">Jan 2026</th><td>5</td>');
  });
});

describe('Chart', () => {
  it('renders the title as the figure name, a sized placeholder and the table in a disclosure before the library loads', () => {
    const html = renderToStaticMarkup(
      <Chart title="Balance" kind="line" x={x} xUnit="day" series={series} formatValue={format} locale="en-US" timeZone="UTC" summary="Up 3 %" height={180} />,
    );
    const id = /<figure class="chart" aria-labelledby="([^"]+)">/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<h3 id="${id}" class="chart-title">Balance</h3>`);
    expect(html).toContain('<p class="chart-summary">Up 3 %</p>');
    expect(html).toContain('style="height:180px"');
    expect(html).toContain('chart.loading');
    expect(html).toMatch(/<details class="chart-figures"><summary>chart.figures<\/summary>[^]*<td>1.234,50<\/td>/);
  });

  it('says there are no figures instead of drawing an empty chart', () => {
    const html = renderToStaticMarkup(
      <Chart title="Balance" kind="bar" x={[]} xUnit="month" series={[{ label: 'A', values: [] }]} formatValue={String} locale="en-US" />,
    );
    expect(html).toContain('chart.empty');
    expect(html).not.toContain('<details');
    expect(html).not.toContain('chart-canvas');
  });
});
