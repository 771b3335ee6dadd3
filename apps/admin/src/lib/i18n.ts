/**
 * i18next set-up. en-US is the source locale: its keys type every t() call. Only the current
 * language is downloaded (a chunk per language), before the first render; switching loads the
 * next one and re-renders in place (staff keep their filters and open panels). The contract's
 * server messages (errors.*, validation.*) are merged in, so error and validation keys translate;
 * the member pages' part too (messages/member/), since staff act on the same withdrawals and
 * payouts and meet their errors (payout.*) and validation keys (validation.enterTxHash).
 */
import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, formatCount, isLanguage, type Language, type FirstServerMessages, type MemberServerMessages } from '@pp/contract';
import type sourceLocale from '../locales/en-US.json';
import { getStoredLanguage, setStoredLanguage } from './storage';

export type AdminMessages = typeof sourceLocale;
export type Messages = AdminMessages & FirstServerMessages & MemberServerMessages;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

type Loaded = [{ default: AdminMessages }, { default: FirstServerMessages }, { default: MemberServerMessages }];
const localeLoaders: Record<Language, () => Promise<Loaded>> = {
  'zh-CN': () => Promise.all([import('../locales/zh-CN.json'), import('@pp/contract/messages/zh-CN'), import('@pp/contract/messages/member/zh-CN')]),
  'en-US': () => Promise.all([import('../locales/en-US.json'), import('@pp/contract/messages/en-US'), import('@pp/contract/messages/member/en-US')]),
  'ja-JP': () => Promise.all([import('../locales/ja-JP.json'), import('@pp/contract/messages/ja-JP'), import('@pp/contract/messages/member/ja-JP')]),
  'ko-KP': () => Promise.all([import('../locales/ko-KP.json'), import('@pp/contract/messages/ko-KP'), import('@pp/contract/messages/member/ko-KP')]),
  'id-ID': () => Promise.all([import('../locales/id-ID.json'), import('@pp/contract/messages/id-ID'), import('@pp/contract/messages/member/id-ID')]),
};

export function currentLanguage(): Language {
  const stored = getStoredLanguage();
  return isLanguage(stored) ? stored : defaultLanguage;
}

async function resourcesOf(language: Language): Promise<Messages> {
  const [admin, server, member] = await localeLoaders[language]();
  return {
    ...admin.default,
    ...server.default,
    errors: { ...server.default.errors, ...member.default.errors },
    validation: { ...server.default.validation, ...member.default.validation },
  };
}

function applyDocument(language: Language): void {
  document.documentElement.lang = language;
  document.title = i18next.t('app.title');
}

/**
 * Every number given to a text is a count (members, items, codes) and reads with the language's
 * thousands sign, "100,000" or "100.000", never "100000"; amounts arrive as formatted strings.
 * The texts use no named formats, so this formatter only has the one job.
 */
const countFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => () => '',
  // Any other value goes back as it came; i18next turns it into text as it always did.
  format: (value: unknown, _format?: string, lng?: string): string =>
    typeof value === 'number' && Number.isInteger(value) ? formatCount(value, lng ?? currentLanguage()) : (value as string),
};

export async function initI18n(): Promise<void> {
  const language = currentLanguage();
  await i18next
    .use(initReactI18next)
    .use(countFormatter)
    .init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: { translation: await resourcesOf(language) } },
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
      // One namespace: a colon in a run-time key ("review:exchange") is part of the key.
      nsSeparator: false,
    });
  applyDocument(language);
}

export async function switchLanguage(language: Language): Promise<void> {
  if (language === i18next.language) return;
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await resourcesOf(language));
  }
  setStoredLanguage(language);
  await i18next.changeLanguage(language);
  applyDocument(language);
}

/**
 * Translates a key known only at run time: error keys from the server, validation keys from the
 * contract's schemas, queue and configuration names. Unknown keys come back as given.
 */
export function translateKey(key: string, params?: Record<string, string | number>): string {
  const t = i18next.t as unknown as (key: string, options?: Record<string, string | number>) => string;
  return t(key, params);
}

/** Whether this language has a text (not a group of texts) for the key. */
export function hasKey(key: string): boolean {
  return typeof i18next.getResource(i18next.language, 'translation', key) === 'string';
}

/** The text of `key` when this language has it, else `fallback` (a name the server gave). */
export function translateOr(key: string, fallback: string): string {
  return hasKey(key) ? translateKey(key) : fallback;
}

/** The language for Intl formatting of amounts and dates. */
export const formatLocale = (): string => i18next.language || currentLanguage();
