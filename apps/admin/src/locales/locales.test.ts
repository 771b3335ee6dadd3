// Proves every back-office locale has exactly the keys (and placeholders) of en-US, the source
// locale, and that its keys never collide with the contract's server messages merged beside them.
import { describe, expect, it } from 'vitest';
import { languages, serverMessages } from '@pp/contract';
import { leaves, localeShapeProblems } from '@pp/browser-kit/locale-shape';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import jaJP from './ja-JP.json';
import koKP from './ko-KP.json';
import idID from './id-ID.json';

const adminLocales: Record<(typeof languages)[number], unknown> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'ja-JP': jaJP,
  'ko-KP': koKP,
  'id-ID': idID,
};

const expectSameShape = (locale: unknown, source: unknown) => expect(localeShapeProblems(locale, source)).toEqual([]);

describe('admin locales', () => {
  it('ships a locale for every language of the contract', () => {
    expect(Object.keys(adminLocales).sort()).toEqual([...languages].sort());
  });

  it.each(languages)('%s has exactly the keys of en-US', (language) => {
    expectSameShape(adminLocales[language], enUS);
  });

  it.each(languages.filter((l) => l !== 'en-US'))('%s is translated, not a copy of en-US', (language) => {
    const source = leaves(enUS);
    const same = [...leaves(adminLocales[language])].filter(([key, text]) => text === source.get(key) && /[a-z]{4,}/.test(String(text)));
    // Names that stay as they are (USDT, JSON...) are few; a copied locale would have hundreds.
    expect(same.length, same.map(([k]) => k).join(', ')).toBeLessThan(15);
  });

  it('does not collide with the server messages merged beside it', () => {
    const serverTop = Object.keys(serverMessages['en-US']);
    expect(Object.keys(enUS).filter((k) => serverTop.includes(k))).toEqual([]);
  });

  it('names every review queue the server knows, every reject reason and every role', async () => {
    const { rejectReasonCodes, staffRoles } = await import('@pp/contract');
    for (const queue of ['manualAdjustment', 'exchange', 'bankDeposit', 'withdrawal', 'packageClaim', 'chainDeposit'])
      expect(enUS.queues).toHaveProperty(queue);
    for (const code of rejectReasonCodes) expect(enUS.rejectReasons).toHaveProperty(code);
    for (const role of staffRoles) expect(enUS.roles).toHaveProperty(role);
  });

  it('names every action the server writes to the audit log (the audit log never shows a raw code)', async () => {
    const { auditActions } = await import('@pp/contract');
    const named = leaves(enUS.auditActions);
    expect(auditActions.filter((action) => typeof named.get(action) !== 'string')).toEqual([]);
  });
});
