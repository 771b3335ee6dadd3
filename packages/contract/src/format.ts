/**
 * Display formats of spec section 9, in one place. Amounts arrive as decimal strings and are
 * never turned into floats: the integer part goes through Intl with BigInt, the fraction is cut
 * (not rounded) to two places so a balance is never shown larger than it is.
 */
/**
 * The group and decimal signs of the languages we ship, as Intl gives them (format.test.ts checks
 * every one against Intl.NumberFormat, so they cannot drift apart). Amounts in these languages
 * never touch Intl: a page's first Intl.NumberFormat loads ICU's number data, measured at 35 to
 * 55 ms of main thread in Chromium here, one task, four times that on the phone Lighthouse
 * simulates; it was the largest single piece of the member home's start (decision 033). All five
 * group by threes from the first thousand.
 */
export const shippedSigns: Readonly<Record<string, { group: string; decimal: string }>> = {
  'zh-CN': { group: ',', decimal: '.' },
  'en-US': { group: ',', decimal: '.' },
  'ja-JP': { group: ',', decimal: '.' },
  'ko-KP': { group: ',', decimal: '.' },
  'id-ID': { group: '.', decimal: ',' },
};

/** The shipped languages' formats, made once (formatAmount runs for every amount of every render). */
const shippedFormats = new Map(
  Object.entries(shippedSigns).map(([locale, signs]) => [
    locale,
    { decimal: signs.decimal, group: (whole: bigint) => groupThrees(whole.toString(), signs.group) },
  ]),
);

/**
 * Another locale's decimal sign and grouping, from Intl, made once per locale: building an
 * Intl.NumberFormat costs about a millisecond after the first. At most 32 locales are kept.
 */
const otherFormats = new Map<string, { decimal: string; group: (whole: bigint) => string }>();
function amountFormatOf(locale: string): { decimal: string; group: (whole: bigint) => string } {
  const shipped = shippedFormats.get(locale);
  if (shipped) return shipped;
  let format = otherFormats.get(locale);
  if (!format) {
    const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1000.5);
    const grouping = new Intl.NumberFormat(locale, { useGrouping: true });
    format = { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', group: (whole) => grouping.format(whole) };
    if (otherFormats.size < 32) otherFormats.set(locale, format);
  }
  return format;
}

/** "1234567" with "," is "1,234,567". */
function groupThrees(digits: string, sign: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += sign + digits.slice(i, i + 3);
  return out;
}

export function formatAmount(value: string | bigint, locale: string, fractionDigits = 2): string {
  const text = typeof value === 'bigint' ? value.toString() : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const { decimal, group } = amountFormatOf(locale);
  const grouped = group(BigInt(whole));
  const cut = fraction.padEnd(fractionDigits, '0').slice(0, fractionDigits);
  const isZero = /^0*$/.test(whole + cut);
  return `${isZero ? '' : sign}${grouped}${fractionDigits > 0 ? decimal + cut : ''}`;
}

/**
 * A count (members, units, items) with the reader's thousands sign: "99,990" in English,
 * "99.990" in Indonesian. Whole numbers only; a fraction is cut, as a count has none.
 */
export function formatCount(value: number | bigint, locale: string): string {
  const whole = typeof value === 'bigint' ? value : Number.isFinite(value) ? BigInt(Math.trunc(value)) : 0n;
  return formatAmount(whole, locale, 0);
}

/** Seconds as h:mm:ss (hours are not padded and may pass 24). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

/** Keeps the first 3 and last 4 digits of a phone number: 13812345678 -> 138****5678. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\s+/g, '');
  if (digits.length <= 7) return digits.replace(/.(?=.{2})/g, '*');
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 7)}${digits.slice(-4)}`;
}

/** Bank account numbers grouped in fours: 6222000011112222 -> 6222 0000 1111 2222. */
export function groupBankNumber(value: string): string {
  return value.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Masks the local part of an e-mail address: alice@example.com -> a***e@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}*` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}
