/**
 * i18next set-up. en-US is the source locale: its keys type every t() call. Only the current
 * locale is downloaded (a chunk per language), before the first render. The contract's server
 * messages (errors.*, validation.*) are merged in, so zod message keys and error keys translate.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, type FirstServerMessages, type Language, type ServerMessages } from '@pp/contract';
import type sourceLocale from '../locales/en-US.json';
import type memberSourceLocale from '../locales/member/en-US.json';
import { getStoredLanguage, setStoredLanguage } from './storage';
import { showToast } from '@pp/browser-kit';

export type WebMessages = typeof sourceLocale & typeof memberSourceLocale;
export type Messages = WebMessages & ServerMessages;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

// The member pages' server messages (messages/member/) come later with the member shell (lib/member-messages.ts).
type Loaded = [{ default: typeof sourceLocale }, { default: FirstServerMessages }];
const localeLoaders: Record<Language, () => Promise<Loaded>> = {
  'zh-CN': () => Promise.all([import('../locales/zh-CN.json'), import('@pp/contract/messages/zh-CN')]),
  'en-US': () => Promise.all([import('../locales/en-US.json'), import('@pp/contract/messages/en-US')]),
  'ja-JP': () => Promise.all([import('../locales/ja-JP.json'), import('@pp/contract/messages/ja-JP')]),
  'ko-KP': () => Promise.all([import('../locales/ko-KP.json'), import('@pp/contract/messages/ko-KP')]),
  'id-ID': () => Promise.all([import('../locales/id-ID.json'), import('@pp/contract/messages/id-ID')]),
};

/** Spec section 9: after a language switch the page reloads after 1.5 s. */
export const languageReloadDelayMs = 1500;

export function currentLanguage(): Language {
  const stored = getStoredLanguage();
  return isLanguage(stored) ? stored : defaultLanguage;
}

export async function initI18n(): Promise<void> {
  const language = currentLanguage();
  const [web, server] = await localeLoaders[language]();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: { ...web.default, ...server.default } } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  document.title = i18next.t('app.name');
}

export function switchLanguage(language: Language): void {
  if (language === currentLanguage()) return;
  setStoredLanguage(language);
  showToast('success', i18next.t('language.switched'));
  setTimeout(() => window.location.reload(), languageReloadDelayMs);
}

/**
 * Translates a key that is only known at run time: error keys from the server, validation
 * keys from the contract's zod schemas, the status texts of the error catalogue. Unknown keys
 * come back as given, so a missing translation is visible rather than silent.
 */
export function translateKey(key: string, params?: Record<string, string | number>): string {
  const t = i18next.t as unknown as (key: string, options?: Record<string, string | number>) => string;
  return t(key, params);
}

export function hasKey(key: string): boolean {
  return i18next.exists(key);
}

/** The locale for Intl formatting of amounts and dates. */
export const formatLocale = (): Language => currentLanguage();
