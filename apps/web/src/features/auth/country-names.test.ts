// Registration's country names come in the reader's language (Intl region names, else the server's
// name) and are found by what is shown.
import { describe, expect, it } from 'vitest';
import { countryMatches, countryOptions } from './country-names';

const countries = [
  { code: 'JP', dialCode: '81', cn: '日本', en: 'Japan' },
  { code: 'DE', dialCode: '49', cn: '德国', en: 'Germany' },
  { code: 'XZ', dialCode: '0', cn: '未知', en: 'Nowhere' },
];

describe('country names', () => {
  it('names regions in ja-JP, ko-KP and id-ID, not in English; the server name where Intl has none', () => {
    expect(countryOptions(countries, 'ja-JP')).toEqual([
      { value: 'JP', label: '日本' },
      { value: 'DE', label: 'ドイツ' },
      { value: 'XZ', label: 'Nowhere' },
    ]);
    expect(countryOptions(countries, 'ko-KP')[1]!.label).toBe('독일');
    expect(countryOptions(countries, 'id-ID')[1]!.label).toBe('Jerman');
    expect(countryOptions(countries, 'zh-CN').map((o) => o.label)).toEqual(['日本', '德国', '未知']);
  });

  it('finds a country by the shown name, ignoring case, width and spaces', () => {
    expect(countryMatches('ドイツ', 'ﾄﾞｲﾂ', 'ja-JP')).toBe(true);
    expect(countryMatches('ドイツ', 'イツ', 'ja-JP')).toBe(true);
    expect(countryMatches('Jerman', 'jer man', 'id-ID')).toBe(true);
    expect(countryMatches('ドイツ', 'Germany', 'ja-JP')).toBe(false);
    expect(countryMatches('日本', '', 'ja-JP')).toBe(true);
  });
});
