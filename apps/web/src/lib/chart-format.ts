/**
 * Number formats for the kit's charts (decision 041), in the page's language: the figures' table
 * with two decimals, the y axis compact ("1.2K", "1.2万"). A chart's numbers come from exact
 * decimal strings; a float is close enough to draw and to show to two decimals.
 */
import { useMemo } from 'react';

export function useChartFormats(language: string): { formatValue: (n: number) => string; formatTick: (n: number) => string } {
  return useMemo(() => {
    const value = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const tick = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    return { formatValue: (n: number) => value.format(n), formatTick: (n: number) => tick.format(n) };
  }, [language]);
}
