/**
 * For component tests of the unit project, which runs in node without a DOM: starts the app's own
 * i18n in a chosen language, and reads what a component rendered to HTML (react-dom/server) shows
 * in its form controls. Typing, clicking and submitting need a DOM and are not reachable this way.
 */
import i18next from 'i18next';
import { vi } from 'vitest';
import type { Language } from '@pp/contract';
import { initI18n } from '../lib/i18n';
import { setStoredLanguage } from '../lib/storage';

/** The app's i18n set-up, as it starts in a tab whose staff member chose `language`. */
export async function startI18n(language: Language): Promise<void> {
  const stored = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  // initI18n names the page's language and title; nothing else of the document is used.
  vi.stubGlobal('document', { documentElement: { lang: '' }, title: '' });
  try {
    setStoredLanguage(language);
    await initI18n();
  } finally {
    vi.unstubAllGlobals();
  }
}

/** A text in the current language, for a key known only to the test. */
export const text = (key: string, params?: Record<string, unknown>): string =>
  (i18next.t as unknown as (key: string, params?: Record<string, unknown>) => string)(key, params);

/** Text as React writes it into HTML. */
export const escaped = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const unescaped = (value: string): string =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** The opening tag of the input, select or textarea with this id. */
export function controlTag(html: string, id: string): string {
  const tag = new RegExp(`<(?:input|select|textarea)\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no control #${id}`);
  return tag;
}

/** What an input shows. */
export function inputValue(html: string, id: string): string | undefined {
  const value = /\bvalue="([^"]*)"/.exec(controlTag(html, id))?.[1];
  return value === undefined ? undefined : unescaped(value);
}

/** The option a select shows as chosen (React marks it selected=""). */
export function selectedValue(html: string, id: string): string | undefined {
  const start = html.indexOf(controlTag(html, id));
  const select = html.slice(start, html.indexOf('</select>', start));
  const option = /<option\b[^>]*\bselected=""[^>]*>/.exec(select)?.[0];
  return option ? /\bvalue="([^"]*)"/.exec(option)?.[1] : undefined;
}

/** What a textarea shows. */
export function textAreaValue(html: string, id: string): string | undefined {
  const value = new RegExp(`<textarea\\b[^>]*\\bid="${id}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1];
  return value === undefined ? undefined : unescaped(value);
}

/** Whether a checkbox or switch shows as on. */
export const isChecked = (html: string, id: string): boolean => /\bchecked=""/.test(controlTag(html, id));

/** The text of the label of the control with this id. */
export function labelText(html: string, id: string): string | undefined {
  const value = new RegExp(`<label\\b[^>]*\\bfor="${id}"[^>]*>([^<]*)</label>`).exec(html)?.[1];
  return value === undefined ? undefined : unescaped(value);
}

/**
 * The buttons of the first form in the HTML that a press of Enter in one of its fields could
 * press: every button not marked type="button" (a button without a type submits). The browser
 * presses the first of them.
 */
export function formSubmitButtons(html: string): { form: string; submits: Array<{ attributes: string; label: string }> } {
  const form = /<form\b[^>]*>([^]*)<\/form>/.exec(html)?.[1];
  if (form === undefined) throw new Error('no form');
  const submits = [...form.matchAll(/<button\b([^>]*)>([^]*?)<\/button>/g)]
    .filter(([, attributes]) => !/\btype="button"/.test(attributes ?? ''))
    .map(([, attributes, label]) => ({ attributes: attributes ?? '', label: unescaped(label ?? '') }));
  return { form, submits };
}
