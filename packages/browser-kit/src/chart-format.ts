/**
 * What the kit's Chart (chart.tsx) and its drawing chunk (chart-draw.ts) both read: the props, the
 * palette and the date format. A file of its own so the drawing chunk does not import chart.tsx,
 * which imports it (no cycle).
 */
import type { ReactNode } from 'react';

export type ChartSeries = { label: string; values: ReadonlyArray<number | null> };
export type ChartProps = {
  /** Visible heading, and the accessible name of the figure. */
  title: string;
  kind: 'line' | 'bar';
  /** Epoch ms of each point (day or month start). */
  x: ReadonlyArray<number>;
  xUnit: 'day' | 'month';
  series: ReadonlyArray<ChartSeries>;
  /** The caller's locale-aware number format. */
  formatValue: (n: number) => string;
  /** The y axis's labels (default formatValue): a shorter form, for example compact notation. */
  formatTick?: (n: number) => string;
  /** BCP 47, for date labels (Intl.DateTimeFormat). */
  locale: string;
  /** Optional one-line text summary shown to everyone. */
  summary?: string;
  /** Height of the plot in CSS pixels (default 220). */
  height?: number;
  /** IANA time zone the x values' days or months are in (default: the browser's). */
  timeZone?: string;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Shown instead of the plot while the caller's data loads (the same sized placeholder). */
  isLoading?: boolean;
  /** Optional controls shown beside the title (for example a 30/90 days toggle). */
  actions?: ReactNode;
};

/** The series' colours, in order: read by the drawing chunk from the chart's custom properties. */
export const chartPalette = ['#1a56db', '#0a7350', '#b45309', '#7c3aed', '#be123c'] as const;

/** A date formatter for the x values: day "28 Nov 2026" style or month "Nov 2026", in the locale. */
export function chartDateFormat(locale: string, xUnit: 'day' | 'month', timeZone?: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = xUnit === 'day' ? { year: 'numeric', month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat(locale, options);
  }
}

/** A group of bars takes this share of the space between two x positions; the rest is the gap. */
const barGroupShare = 0.72;

/**
 * Where series `index` of `count` bars sits around its x position, in x-scale units (one unit
 * between two points): its left edge's offset from the position and its width. The group is
 * centred; each bar keeps a tenth of its slot free so neighbours do not touch.
 */
export function barSlot(index: number, count: number): { offset: number; width: number } {
  const slot = barGroupShare / Math.max(1, count);
  return { offset: -barGroupShare / 2 + index * slot + slot * 0.05, width: slot * 0.9 };
}

/** The stroke of line `index` of `count`: widest first, later lines narrower and dashed. */
export function lineLook(index: number, count: number): { width: number; dash: number[] | undefined } {
  if (count <= 1) return { width: 2, dash: undefined };
  return { width: 2 + (count - 1 - index) * 1.5, dash: index === 0 ? undefined : [8, 4 + index * 2] };
}
