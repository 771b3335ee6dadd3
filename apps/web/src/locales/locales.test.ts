// Proves every locale has exactly the keys (and placeholders) of en-US, the source locale,
// for the web's texts and for the contract's server messages.
import { describe, expect, it } from 'vitest';
import { languages, serverMessages } from '@pp/contract';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import jaJP from './ja-JP.json';
import koKP from './ko-KP.json';
import idID from './id-ID.json';

const webLocales: Record<(typeof languages)[number], unknown> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'ja-JP': jaJP,
  'ko-KP': koKP,
  'id-ID': idID,
};

/** Every leaf as "a.b.c" -> text. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function expectSameShape(locale: unknown, source: unknown) {
  const have = leaves(locale);
  const want = leaves(source);
  const missing = [...want.keys()].filter((k) => !have.has(k));
  const extra = [...have.keys()].filter((k) => !want.has(k));
  expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  for (const [key, text] of have) {
    expect(typeof text, key).toBe('string');
    expect(String(text).trim(), key).not.toBe('');
    expect(placeholders(text), key).toEqual(placeholders(want.get(key)));
  }
}

describe('locales', () => {
  it('ships a web locale for every language of the contract', () => {
    expect(Object.keys(webLocales).sort()).toEqual([...languages].sort());
  });

  it.each(languages)('web locale %s has exactly the keys of en-US', (language) => {
    expectSameShape(webLocales[language], enUS);
  });

  it.each(languages)('server messages %s have exactly the keys of en-US', (language) => {
    expectSameShape(serverMessages[language], serverMessages['en-US']);
  });

  it('web keys and server message keys do not collide when merged', () => {
    const webTop = Object.keys(enUS);
    const serverTop = Object.keys(serverMessages['en-US']);
    expect(webTop.filter((k) => serverTop.includes(k))).toEqual([]);
  });
});
