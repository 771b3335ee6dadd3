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

/**
 * A time zone in the reader's words with its offset from UTC at `at`: Asia/Shanghai reads
 * "China Standard Time" and "UTC+08:00" in English, "中国标准时间" in Chinese. Members do not
 * read IANA names, and the offset lets them work out the hour wherever they are. A zone Intl has
 * no name for gives its offset as the name too; the caller then shows the offset alone.
 */
export function describeTimeZone(timeZone: string, locale: string, at: number = Date.now()): { name: string; offset: string } {
  const part = (style: 'long' | 'longOffset') => {
    try {
      return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
    } catch {
      return '';
    }
  };
  // "GMT+08:00" (id-ID writes "GMT+08.00"; UTC itself is "GMT" or "GMT+00:00") as "UTC+08:00".
  const raw = part('longOffset').replace(/^GMT/, '').replace('.', ':');
  const offset = `UTC${raw === '' ? '+00:00' : raw}`;
  const name = part('long');
  return { name: name === '' || /^(GMT|UTC)([+-]|$)/.test(name) ? offset : name, offset };
}
