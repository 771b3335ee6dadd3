/**
 * Number formats for the kit's charts (decision 041), in the page's language: the figures' table
 * with two decimals, the y axis grouped below ten thousand and compact above ("12K", "1.2万"). A chart's numbers come from exact
 * decimal strings; a float is close enough to draw and to show to two decimals.
 */
import { useMemo } from 'react';

type ChartFormats = { formatValue: (n: number) => string; formatTick: (n: number) => string };

export function useChartFormats(language: string): ChartFormats {
  return useMemo(() => chartFormats(language), [language]);
}

export function chartFormats(language: string): ChartFormats {
  const value = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  const plain = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  // Compact only from ten thousand: below it some languages' compact form drops the group
  // separator ("1500" in Japanese and Chinese beside "1,000" on other axes).
  return { formatValue: (n: number) => value.format(n), formatTick: (n: number) => (Math.abs(n) >= 10_000 ? compact.format(n) : plain.format(n)) };
}
