// Proves the member texts (loaded with the member shell) are complete in every language, carry the
// same placeholders as en-US, and never repeat a key of the first chunk, so merging them changes nothing already shown.
import { describe, expect, it } from 'vitest';
import { languages } from '@pp/contract';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import jaJP from './ja-JP.json';
import koKP from './ko-KP.json';
import idID from './id-ID.json';
import mainEnUS from '../en-US.json';

const memberLocales: Record<(typeof languages)[number], unknown> = { 'en-US': enUS, 'zh-CN': zhCN, 'ja-JP': jaJP, 'ko-KP': koKP, 'id-ID': idID };

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else {
    out.set(prefix, String(value));
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('member texts', () => {
  const source = leaves(enUS);

  it.each(languages)('%s has every key of en-US with its placeholders, and a text for each', (language) => {
    const have = leaves(memberLocales[language]);
    expect([...have.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [key, text] of have) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(source.get(key)!));
    }
  });

  it('repeat no key of the first chunk', () => {
    const first = leaves(mainEnUS);
    expect([...source.keys()].filter((key) => first.has(key))).toEqual([]);
  });
});
