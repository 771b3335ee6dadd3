/**
 * The drawing side of the kit's Chart (chart.tsx): uPlot and its stylesheet, in a chunk of their
 * own that chart.tsx imports dynamically when a chart renders (decision 041). The x axis is the
 * points' index (so days and months are evenly spaced and bars sit on whole positions); its labels
 * are the dates in the page's language, the y axis's the caller's number format.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { barSlot, chartDateFormat, chartPalette, lineLook, type ChartProps } from './chart-format.ts';

type DrawOptions = Pick<ChartProps, 'kind' | 'x' | 'xUnit' | 'series' | 'formatValue' | 'locale' | 'timeZone'> & { height: number };

const axisFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

function axisDates(locale: string, xUnit: 'day' | 'month', timeZone?: string): Intl.DateTimeFormat {
  // A month tick names its year in full: "Jan 26" reads as the 26th of January.
  const options: Intl.DateTimeFormatOptions = xUnit === 'day' ? { month: 'numeric', day: 'numeric' } : { year: 'numeric', month: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    return chartDateFormat(locale, xUnit);
  }
}

/** Draws into el at its width and keeps it fitted; returns what removes it. */
export function drawChart(el: HTMLElement, options: DrawOptions): () => void {
  const { kind, x, xUnit, series, formatValue, locale, timeZone, height } = options;
  const count = x.length;
  const dates = axisDates(locale, xUnit, timeZone);
  const style = getComputedStyle(el);
  const text = style.getPropertyValue('--muted').trim() || '#566074';
  const grid = style.getPropertyValue('--border').trim() || '#dfe4ec';
  const width = () => Math.max(160, Math.floor(el.clientWidth));
  const barCount = series.length;

  const plotSeries: uPlot.Series[] = series.map((s, i) => {
    const color = chartPalette[i % chartPalette.length];
    if (kind === 'bar') {
      // Grouped side by side: each series has its own slot of the day's group, so bars of equal or
      // smaller height are never drawn over one another (uPlot's `disp` places each bar's left edge).
      const slot = barSlot(i, barCount);
      return {
        label: s.label,
        stroke: color,
        fill: color,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars!({
          size: [1, 40],
          disp: {
            x0: { unit: 1, values: () => x.map((_, at) => at + slot.offset) },
            size: { unit: 1, values: () => x.map(() => slot.width) },
          },
        }),
      };
    }
    // Lines that coincide stay visible: the first drawn is the widest and each later one is narrower
    // and dashed, so a line lying on another shows both colours.
    const look = lineLook(i, series.length);
    return {
      label: s.label,
      stroke: color,
      width: look.width,
      dash: look.dash,
      fill: series.length === 1 ? `${color}1a` : undefined,
      points: { show: count <= 31, size: 5 },
      spanGaps: false,
    };
  });

  const opts: uPlot.Options = {
    width: width(),
    height,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    padding: [12, 12, 0, 4],
    scales: {
      x: {
        time: false,
        range: () => (kind === 'bar' || count === 1 ? [-0.5, count - 0.5] : [0, count - 1]),
      },
      y: {
        range: (_u, min, max) => {
          const low = Math.min(0, min ?? 0);
          const high = max == null || max <= low ? low + 1 : max + (max - low) * 0.08;
          return [low, high];
        },
      },
    },
    axes: [
      {
        stroke: text,
        font: axisFont,
        grid: { show: false },
        ticks: { stroke: grid, width: 1, size: 4 },
        space: xUnit === 'day' ? 64 : 48,
        incrs: [1, 2, 3, 5, 7, 10, 14, 15, 30, 60, 90],
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) && v >= 0 && v < count ? dates.format(x[v]!) : '')),
      },
      {
        stroke: text,
        font: axisFont,
        grid: { stroke: grid, width: 1 },
        ticks: { show: false },
        values: (_u, splits) => splits.map((v) => formatValue(v)),
        size: (u, values) => {
          if (!values) return 48;
          u.ctx.save();
          u.ctx.font = axisFont;
          const widest = Math.max(...values.map((v) => u.ctx.measureText(String(v)).width));
          u.ctx.restore();
          return Math.ceil(widest) + 16;
        },
      },
    ],
    series: [{}, ...plotSeries],
  };

  const data: uPlot.AlignedData = [x.map((_, i) => i), ...series.map((s) => s.values.map((v) => (v == null ? null : v)))];
  const plot = new uPlot(opts, data, el);

  let frame = 0;
  const observer = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (plot.width !== width()) plot.setSize({ width: width(), height });
    });
  });
  observer.observe(el);

  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    plot.destroy();
  };
}
