/**
 * Display formats of spec section 9, in one place. Amounts arrive as decimal strings and are
 * never turned into floats: the integer part goes through Intl with BigInt, the fraction is cut
 * (not rounded) to two places so a balance is never shown larger than it is.
 */
/**
 * The locale's decimal sign and grouping formatter, made once per locale: building an
 * Intl.NumberFormat costs about a millisecond, and a page of balances formats dozens of amounts
 * (four times that on the phone Lighthouse simulates; decision 014). At most one entry per
 * locale string asked for.
 */
const amountFormats = new Map<string, { decimal: string; grouping: Intl.NumberFormat }>();
function amountFormatOf(locale: string): { decimal: string; grouping: Intl.NumberFormat } {
  let format = amountFormats.get(locale);
  if (!format) {
    const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1000.5);
    format = { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', grouping: new Intl.NumberFormat(locale, { useGrouping: true }) };
    if (amountFormats.size < 32) amountFormats.set(locale, format);
  }
  return format;
}

export function formatAmount(value: string | bigint, locale: string, fractionDigits = 2): string {
  const text = typeof value === 'bigint' ? value.toString() : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const { decimal, grouping } = amountFormatOf(locale);
  const grouped = grouping.format(BigInt(whole));
  const cut = fraction.padEnd(fractionDigits, '0').slice(0, fractionDigits);
  const isZero = /^0*$/.test(whole + cut);
  return `${isZero ? '' : sign}${grouped}${fractionDigits > 0 ? decimal + cut : ''}`;
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
