// Proves no text of the portal is left in English in Chinese, Japanese or Korean: a text equal to the en-US one may only hold names that are the same everywhere (USDT, TRC20, BEP20, the currency code USD).
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import jaJP from './ja-JP.json';
import koKP from './ko-KP.json';
import memberEnUS from './member/en-US.json';
import memberZhCN from './member/zh-CN.json';
import memberJaJP from './member/ja-JP.json';
import memberKoKP from './member/ko-KP.json';

/** Indonesian is left out on purpose: it shares words such as "Transfer" and "Status" with English. */
const locales = { 'zh-CN': [zhCN, memberZhCN], 'ja-JP': [jaJP, memberJaJP], 'ko-KP': [koKP, memberKoKP] } as const;
const sameEverywhere = new Set(['USDT', 'TRC20', 'BEP20', 'USD']);

function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}
const latinWords = (text: string) =>
  (text.replace(/\{\{\w+\}\}/g, ' ').match(/(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]{2,}(?![A-Za-z0-9])/g) ?? []).filter((w) => !sameEverywhere.has(w));

describe('texts left in English', () => {
  const english = new Map([...leaves(enUS), ...leaves(memberEnUS)]);
  it.each(Object.keys(locales) as Array<keyof typeof locales>)('%s has none', (language) => {
    const [main, member] = locales[language];
    const untranslated = [...leaves(main), ...leaves(member)].filter(([key, text]) => text === english.get(key) && latinWords(text).length > 0);
    expect(untranslated).toEqual([]);
  });

  it('finds one when it is there', () => {
    const words = latinWords('Regular member · USDT · {{amount}}');
    expect(words).toEqual(['Regular', 'member']);
  });
});
