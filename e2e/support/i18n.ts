/**
 * The texts the tests look for, read from the same files the apps ship: the web locales
 * (apps/web/src/locales), the back-office locales (apps/admin/src/locales) and the contract's
 * server messages (errors.*, validation.*).
 * Tests find elements by these translated labels, never by CSS classes.
 */
import fs from 'node:fs';
import path from 'node:path';
// Only the messages module of the contract: the tests do not depend on the rest of it.
import { formatCount } from '@pp/contract';
import { serverMessage, serverMessages } from '@pp/contract/messages/index';
import { repoRoot } from './server';

export type Language = keyof typeof serverMessages;
/** Every language the app ships, zh-CN (the default) first. */
export const languages = Object.keys(serverMessages) as Language[];

type Tree = { [key: string]: string | Tree };
type App = 'web' | 'admin';
const cache = new Map<string, Tree>();

function deepMerge(base: Tree, extra: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
}

function messages(app: App, lang: Language): Tree {
  let tree = cache.get(`${app}/${lang}`);
  if (!tree) {
    tree = JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps', app, 'src/locales', `${lang}.json`), 'utf8')) as Tree;
    // The portal's member texts (locales/member/) load with the member shell; the tests see both.
    const member = path.join(repoRoot, 'apps', app, 'src/locales/member', `${lang}.json`);
    if (fs.existsSync(member)) tree = deepMerge(tree, JSON.parse(fs.readFileSync(member, 'utf8')) as Tree);
    cache.set(`${app}/${lang}`, tree);
  }
  return tree;
}

export function webMessages(lang: Language): Tree {
  return messages('web', lang);
}

function raw(lang: Language, key: string, app: App = 'web'): string {
  let node: string | Tree | undefined = messages(app, lang);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text "${key}" in apps/${app}/src/locales/${lang}.json`);
  return node;
}

/**
 * Fills {{placeholders}} as both apps do: a whole number reads with the language's thousands sign
 * (the apps' text formatters use the contract's formatCount), any other value as given.
 */
const fill = (text: string, params: Record<string, string | number>, lang: Language) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    return typeof value === 'number' && Number.isInteger(value) ? formatCount(value, lang) : String(value ?? '');
  });

/** A web text by its dotted key, with {{placeholders}} filled; throws when the key is missing. */
export function t(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  return fill(raw(lang, key), params, lang);
}

/** A back-office text by its dotted key, with {{placeholders}} filled; throws when the key is missing. */
export function adminT(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  return fill(raw(lang, key, 'admin'), params, lang);
}

/** A web text as a whole-text pattern in which every {{placeholder}} matches any text. */
export function tPattern(lang: Language, key: string): RegExp {
  const parts = raw(lang, key)
    .split(/\{\{\w+\}\}/)
    .map(escapeRegExp);
  return new RegExp(`^\\s*${parts.join('.+?')}\\s*$`);
}

/** A server text ("errors.auth.invalidCredentials"); throws when the key is missing. */
export function serverText(lang: Language, key: string, params?: Record<string, string | number>): string {
  const text = serverMessage(lang, key, params);
  if (text === key) throw new Error(`no server text "${key}" for ${lang}`);
  return text;
}

/** For regular expressions built from translated text. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches the whole (trimmed) text exactly. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);
}
