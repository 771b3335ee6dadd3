// Proves the translation store does what i18next did with this app's options (decision 014).
import { describe, expect, it } from 'vitest';
import { enUS } from '@pp/contract/messages/en-US';
import memberTexts from '../locales/member/en-US.json';
import shellTexts from '../locales/en-US.json';
import { addMessages, hasKey, translateKey } from './i18n';

addMessages(shellTexts);
addMessages(enUS);
addMessages(memberTexts);

describe('translateKey', () => {
  it('finds nested keys of the shell and member texts', () => {
    expect(translateKey('auth.login.title')).toBe(shellTexts.auth.login.title);
    expect(translateKey('dashboard.title')).toBe(memberTexts.dashboard.title);
  });

  it('finds server message keys that contain dots themselves', () => {
    expect(translateKey('errors.envelope.stale')).toBe(enUS.errors['envelope.stale']);
    expect(hasKey('errors.envelope.stale')).toBe(true);
  });

  it('fills placeholders, unescaped, and leaves an empty string for a missing value', () => {
    expect(translateKey('security.sessions.othersSignedOut', { count: 3 })).toBe('Other sessions signed out: 3');
    expect(translateKey('security.device.summary', { browser: '<b>Chrome</b>', os: 'Linux' })).toContain('<b>Chrome</b>');
    expect(translateKey('security.sessions.othersSignedOut')).toBe('Other sessions signed out: ');
  });

  it('gives an unknown key back as it is, and a branch is not a text', () => {
    expect(translateKey('no.such.key')).toBe('no.such.key');
    expect(hasKey('no.such.key')).toBe(false);
    expect(translateKey('auth.login')).toBe('auth.login');
    expect(hasKey('auth')).toBe(false);
  });

  it('keeps a text already there when the same key is added again', () => {
    addMessages({ auth: { login: { title: 'changed' } }, extra: { added: 'new' } });
    expect(translateKey('auth.login.title')).toBe(shellTexts.auth.login.title);
    expect(translateKey('extra.added')).toBe('new');
  });
});

describe('counts in texts', () => {
  it("group a whole number with the language's thousands sign and leave strings as given", () => {
    expect(translateKey('notifications.buttonUnread', { count: 100000 })).toContain('100,000');
    expect(translateKey('notifications.buttonUnread', { count: 99990 })).toContain('99,990');
    expect(translateKey('app.copyright', { year: '2031' })).toContain('2031');
  });
});
