// Proves every locale has exactly the keys (and placeholders) of en-US, the source locale,
// for the web's texts and for the contract's server messages.
import { describe, expect, it } from 'vitest';
import { languages, serverMessages } from '@pp/contract';
import { localeShapeProblems } from '@pp/browser-kit/locale-shape';
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

const expectSameShape = (locale: unknown, source: unknown) => expect(localeShapeProblems(locale, source)).toEqual([]);

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
