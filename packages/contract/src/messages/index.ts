import type { Language } from '../languages.ts';
import { enUS, type ServerMessages } from './en-US.ts';
import { zhCN } from './zh-CN.ts';
import { jaJP } from './ja-JP.ts';
import { koKP } from './ko-KP.ts';
import { idID } from './id-ID.ts';

export type { ServerMessages };
export const serverMessages: Record<Language, ServerMessages> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'ja-JP': jaJP,
  'ko-KP': koKP,
  'id-ID': idID,
};

/** Looks up "errors.x" or "validation.y" and fills {{placeholders}}. Unknown keys come back as given. */
export function serverMessage(lang: Language, key: string, params?: Record<string, string | number>): string {
  const messages = serverMessages[lang] as unknown as Record<string, Record<string, string> | string>;
  const dot = key.indexOf('.');
  const entry = dot < 0 ? messages[key] : messages[key.slice(0, dot)];
  const text = dot < 0 ? (typeof entry === 'string' ? entry : undefined) : typeof entry === 'object' ? entry[key.slice(dot + 1)] : undefined;
  if (text === undefined) return key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}
