// Proves the display formats of spec section 9 for each locale we ship.
import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatDuration, shippedSigns, groupBankNumber, maskEmail, maskPhone } from './format.ts';
import { languages, pickLanguage } from './languages.ts';

describe('formatAmount', () => {
  it.each([
    ['1234567.891234', 'en-US', '1,234,567.89'],
    ['1234567.899999', 'zh-CN', '1,234,567.89'],
    ['1234567.5', 'id-ID', '1.234.567,50'],
    ['0.000000', 'ja-JP', '0.00'],
    ['-12.345', 'ko-KP', '-12.34'],
    ['-0.001', 'en-US', '0.00'],
    ['99999999999999999999.99', 'en-US', '99,999,999,999,999,999,999.99'],
    ['5', 'en-US', '5.00'],
  ])('%s in %s is %s', (value, locale, expected) => {
    expect(formatAmount(value, locale)).toBe(expected);
  });
  it('writes every shipped language as Intl.NumberFormat does, without Intl', () => {
    expect(Object.keys(shippedSigns).sort()).toEqual([...languages].sort());
    const wholes = [0n, 7n, 999n, 1000n, 12_345n, 999_999n, 1_000_000n, 123_456_789_012n, 10n ** 30n - 1n];
    for (const locale of languages) {
      const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const whole of wholes) {
        // Intl gets a whole number plus a fraction it can print exactly (.25) through its string form.
        expect(formatAmount(`${whole}.25`, locale), `${whole} in ${locale}`).toBe(intl.format(`${whole}.25` as unknown as number));
      }
    }
  });
  it('asks Intl for a locale we do not ship', () => {
    expect(formatAmount('1234567.5', 'de-DE')).toBe('1.234.567,50');
    expect(formatAmount('1234567.5', 'fr-FR')).toBe(new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2 }).format(1234567.5));
    expect(formatAmount('007.10', 'en-US')).toBe('7.10');
  });
  it('takes bigint and leaves garbage alone', () => {
    expect(formatAmount(1234n, 'en-US')).toBe('1,234.00');
    expect(formatAmount('abc', 'en-US')).toBe('abc');
  });
});

describe('other formats', () => {
  it('durations as h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(59)).toBe('0:00:59');
    expect(formatDuration(3661)).toBe('1:01:01');
    expect(formatDuration(90000)).toBe('25:00:00');
    expect(formatDuration(-5)).toBe('0:00:00');
  });
  it('masks phones and e-mails, groups bank numbers', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('+62 812 3456 7890')).toBe('+62*******7890');
    expect(groupBankNumber('6222000011112222')).toBe('6222 0000 1111 2222');
    expect(groupBankNumber('6222 0000 111')).toBe('6222 0000 111');
    expect(maskEmail('alice@example.com')).toBe('a***e@example.com');
    expect(maskEmail('al@x.io')).toBe('a*@x.io');
  });
  it('picks our language from an Accept-Language header', () => {
    expect(pickLanguage(undefined)).toBe('zh-CN');
    expect(pickLanguage('en-US')).toBe('en-US');
    expect(pickLanguage('ko-KR,ko;q=0.9')).toBe('ko-KP');
    expect(pickLanguage('fr-FR, id;q=0.5')).toBe('id-ID');
    expect(pickLanguage('fr')).toBe('zh-CN');
  });
});

describe('formatCount', () => {
  it("groups a count with each shipped language's thousands sign", () => {
    expect(formatCount(99990, 'en-US')).toBe('99,990');
    expect(formatCount(100000, 'ko-KP')).toBe('100,000');
    expect(formatCount(100000, 'id-ID')).toBe('100.000');
    expect(formatCount(7, 'zh-CN')).toBe('7');
    expect(formatCount(12345678901234567890n, 'ja-JP')).toBe('12,345,678,901,234,567,890');
  });
});
