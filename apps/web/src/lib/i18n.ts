/**
 * The member portal's texts (decision 014): one small store instead of i18next, which with
 * react-i18next was 18 KB gzip of the login page's first download. en-US is the source locale:
 * its keys type every t() call. Only the current language is downloaded, before the first
 * render: the shell's texts (locales/<lang>.json). The member shell adds the member texts
 * (lib/member-messages.ts), and the contract's server messages (errors.*, validation.*) are added
 * by `loadServerMessages()` before anything can show them: the API client awaits them before it
 * reads an answer, the member shell and the public pages with forms load them with their chunk
 * (app/router.tsx), the login page on its first submission.
 *
 * What t() does, as i18next did with this app's options: keys are dotted paths through nested
 * objects (a part may itself contain dots, as the server messages' "errors.auth.invalid"),
 * `{{name}}` placeholders take the given values unescaped (React escapes), a missing value gives
 * an empty string, and an unknown key comes back as given, so a missing text is visible.
 */
import {
  defaultLanguage,
  formatCount,
  isLanguage,
  type FirstServerMessages,
  type Language,
  type MemberServerMessages,
  type ServerMessages,
} from '@pp/contract';
import type sourceLocale from '../locales/en-US.json';
import type memberSourceLocale from '../locales/member/en-US.json';
import { getStoredLanguage, setStoredLanguage } from './storage';
import { showToast } from '@pp/browser-kit';

export type WebMessages = typeof sourceLocale & typeof memberSourceLocale;
export type Messages = WebMessages & ServerMessages;

/** Every dotted path to a text: "auth.login.title", "errors.auth.invalidCredentials". */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;
export type TranslationParams = Record<string, string | number>;
export type TFunction = (key: MessageKey, params?: TranslationParams) => string;

type Tree = { [key: string]: string | Tree };

type Loaded = { default: Tree };
const localeLoaders: Record<Language, () => Promise<Loaded>> = {
  'zh-CN': () => import('../locales/zh-CN.json'),
  'en-US': () => import('../locales/en-US.json'),
  'ja-JP': () => import('../locales/ja-JP.json'),
  'ko-KP': () => import('../locales/ko-KP.json'),
  'id-ID': () => import('../locales/id-ID.json'),
};
/** The contract's server messages: the public part (messages/<lang>) and the member part (messages/member/<lang>). */
type ServerLoaded = [{ default: FirstServerMessages }, { default: MemberServerMessages }];
const serverMessageLoaders: Record<Language, () => Promise<ServerLoaded>> = {
  'zh-CN': () => Promise.all([import('@pp/contract/messages/zh-CN'), import('@pp/contract/messages/member/zh-CN')]),
  'en-US': () => Promise.all([import('@pp/contract/messages/en-US'), import('@pp/contract/messages/member/en-US')]),
  'ja-JP': () => Promise.all([import('@pp/contract/messages/ja-JP'), import('@pp/contract/messages/member/ja-JP')]),
  'ko-KP': () => Promise.all([import('@pp/contract/messages/ko-KP'), import('@pp/contract/messages/member/ko-KP')]),
  'id-ID': () => Promise.all([import('@pp/contract/messages/id-ID'), import('@pp/contract/messages/member/id-ID')]),
};

/** Spec section 9: after a language switch the page reloads after 1.5 s. */
export const languageReloadDelayMs = 1500;

export function currentLanguage(): Language {
  const stored = getStoredLanguage();
  return isLanguage(stored) ? stored : defaultLanguage;
}

let texts: Tree = {};

/** Deep merge of `added` into `into` (new objects where they change): later texts win. */
function merged(into: Tree, added: Tree): Tree {
  const out: Tree = { ...into };
  for (const [key, value] of Object.entries(added)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merged(current, value) : value;
  }
  return out;
}

/**
 * Adds texts of the current language (member texts, server messages). A text already there
 * stays, as i18next's addResourceBundle(deep, no overwrite) kept it.
 */
export function addMessages(added: object): void {
  texts = merged(added as Tree, texts);
}

/** The node at `parts[from..]`, trying the shortest key first, as i18next looked keys up. */
function find(node: string | Tree | undefined, parts: readonly string[], from: number): string | Tree | undefined {
  if (from === parts.length) return node;
  if (node === undefined || typeof node === 'string') return undefined;
  for (let end = from + 1; end <= parts.length; end++) {
    const key = parts.slice(from, end).join('.');
    if (!Object.hasOwn(node, key)) continue;
    const found = find(node[key], parts, end);
    if (found !== undefined) return found;
  }
  return undefined;
}

function lookup(key: string): string | undefined {
  const found = find(texts, key.split('.'), 0);
  return typeof found === 'string' ? found : undefined;
}

/**
 * A number given to a text is a count (members, units, hours) and reads with the language's
 * thousands sign ("100,000개", "99.990"); amounts arrive already formatted as strings, and a
 * value that must stay bare (a year) is passed as a string.
 */
function interpolate(text: string, params: TranslationParams | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (_, name: string) => {
    const value = params && Object.hasOwn(params, name) ? params[name] : undefined;
    if (typeof value === 'number' && Number.isInteger(value)) return formatCount(value, currentLanguage());
    return value === undefined ? '' : String(value);
  });
}

/**
 * Translates a key that is only known at run time: error keys from the server, validation
 * keys from the contract's zod schemas, the status texts of the error catalogue. Unknown keys
 * come back as given, so a missing translation is visible rather than silent.
 */
export function translateKey(key: string, params?: TranslationParams): string {
  const text = lookup(key);
  return text === undefined ? key : interpolate(text, params);
}

/** The typed t() of the app: every key is checked against the en-US texts. */
export const t: TFunction = translateKey;

export function hasKey(key: string): boolean {
  return lookup(key) !== undefined;
}

/** Sets the texts outright: for the build-time rendering of the first page (boot/prerender.tsx), one language after another. */
export function replaceTexts(tree: object): void {
  texts = tree as Tree;
}

export async function initI18n(): Promise<void> {
  const language = currentLanguage();
  const web = await localeLoaders[language]();
  // Texts added meanwhile (server messages asked for early) stay; the two never share a key.
  texts = merged(web.default, texts);
  document.documentElement.lang = language;
  document.title = translateKey('app.name');
}

let serverMessages: Promise<void> | null = null;

/**
 * Adds the contract's server messages (errors.*, validation.*) of the current language, once.
 * Call it before showing an API error or a validation message; the API client and the form
 * helper's callers do (see decision 014).
 */
export function loadServerMessages(): Promise<void> {
  serverMessages ??= serverMessageLoaders[currentLanguage()]().then(
    ([first, member]) => {
      addMessages(first.default);
      addMessages(member.default);
    },
    (error: unknown) => {
      serverMessages = null;
      throw error;
    },
  );
  return serverMessages;
}

export function switchLanguage(language: Language): void {
  if (language === currentLanguage()) return;
  setStoredLanguage(language);
  showToast('success', t('language.switched'));
  setTimeout(() => window.location.reload(), languageReloadDelayMs);
}

/** The locale for Intl formatting of amounts and dates. */
export const formatLocale = (): Language => currentLanguage();
