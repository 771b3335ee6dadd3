/**
 * Dates for lists and filters. Times travel as ms since the epoch; the member picks calendar
 * days in their own time zone, so a day runs from its local midnight to the last millisecond
 * before the next one (a DST day is 23 or 25 hours long, which Date handles for us).
 */

/** "2026-03-05" (a native date input's value) as that local day's first millisecond, or null. */
export function localDayStartMs(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(year, month, date);
  // Refuse days that do not exist (2026-02-30 would roll over into March).
  if (start.getFullYear() !== year || start.getMonth() !== month || start.getDate() !== date) return null;
  return start.getTime();
}

/** The last millisecond of that local day, or null. */
export function localDayEndMs(day: string): number | null {
  const start = localDayStartMs(day);
  if (start === null) return null;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next.getTime() - 1;
}

/** Date and time for the reader's locale, to the second: lists of money movements need it. */
export function formatDateTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}
