/**
 * Display formats for the back-office: times in the reader's locale and time zone, amounts as
 * decimal strings through the contract's amounts module (never floats).
 */
import { formatExact } from '@pp/contract';
import { formatLocale } from './i18n';

export function formatDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  return new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);
}

/**
 * An amount with every significant decimal (at least two): staff must see the exact value, so
 * 0.005 stays 0.005, while the server's fixed scale (12.500000) reads 12.50.
 */
export function formatExactAmount(value: string): string {
  return formatExact(value, formatLocale());
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat(formatLocale()).format(value);
}

/** JSON for people: indented, with undefined shown as null. */
export function formatJson(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}

/** Local midnight of a yyyy-mm-dd date input, or undefined when empty. */
export function startOfDayMs(date: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
}

/** The last millisecond of a yyyy-mm-dd date in local time, or undefined when empty. */
export function endOfDayMs(date: string): number | undefined {
  const start = startOfDayMs(date);
  if (start === undefined) return undefined;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + 1).getTime() - 1;
}
