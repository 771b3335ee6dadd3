// Proves the chart's text alternative: every figure in a table (dates in the page language's format, values through the caller's format, a missing value marked), the figure named by its title, and a chart with no figures says so instead of drawing.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Chart, ChartTable, chartDateFormat } from './chart';
import { barSlot, lineLook } from './chart-format';

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

describe('the drawing geometry', () => {
  it('gives every bar of a group its own slot: no two bars of one x overlap, all inside the group', () => {
    for (let count = 1; count <= 5; count++) {
      const slots = Array.from({ length: count }, (_, i) => barSlot(i, count));
      for (const slot of slots) {
        expect(slot.width).toBeGreaterThan(0);
        expect(slot.offset).toBeGreaterThanOrEqual(-0.5);
        expect(slot.offset + slot.width).toBeLessThanOrEqual(0.5);
      }
      for (let i = 1; i < count; i++) expect(slots[i]!.offset).toBeGreaterThanOrEqual(slots[i - 1]!.offset + slots[i - 1]!.width);
    }
  });

  it('draws coinciding lines so each stays visible: widest first, the later ones narrower and dashed', () => {
    expect(lineLook(0, 1)).toEqual({ width: 2, dash: undefined });
    const looks = [0, 1, 2].map((i) => lineLook(i, 3));
    expect(looks[0]!.dash).toBeUndefined();
    for (let i = 1; i < 3; i++) {
      expect(looks[i]!.width).toBeLessThan(looks[i - 1]!.width);
      expect(looks[i]!.dash).toBeDefined();
    }
  });

  it('names the year in full on a monthly axis', () => {
    expect(chartDateFormat('en-US', 'month', 'UTC').format(Date.UTC(2026, 0, 1))).toBe('Jan 2026');
  });
});
