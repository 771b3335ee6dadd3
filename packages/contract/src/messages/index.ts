import type { Language } from '../languages.ts';
import { enUS, type ServerMessages as FirstServerMessages } from './en-US.ts';
import { zhCN } from './zh-CN.ts';
import { jaJP } from './ja-JP.ts';
import { koKP } from './ko-KP.ts';
import { idID } from './id-ID.ts';
import { enUSMember, type MemberServerMessages } from './member/en-US.ts';
import { zhCNMember } from './member/zh-CN.ts';
import { jaJPMember } from './member/ja-JP.ts';
import { koKPMember } from './member/ko-KP.ts';
import { idIDMember } from './member/id-ID.ts';
import { enUSMail, type MailMessages } from '../mail/en-US.ts';
import { zhCNMail } from '../mail/zh-CN.ts';
import { jaJPMail } from '../mail/ja-JP.ts';
import { koKPMail } from '../mail/ko-KP.ts';
import { idIDMail } from '../mail/id-ID.ts';

export type { FirstServerMessages, MemberServerMessages, MailMessages };
/** Every server message of a language: the first download's and the member pages' (messages/member/). */
export type ServerMessages = FirstServerMessages & MemberServerMessages;

/**
 * The first download's part (messages/<lang>.ts) and the part only signed-in pages need
 * (messages/member/<lang>.ts, loaded by the portal with the member shell), as one table.
 */
function withMember(first: FirstServerMessages, member: MemberServerMessages): ServerMessages {
  return { ...first, errors: { ...first.errors, ...member.errors }, validation: { ...first.validation, ...member.validation } };
}

/** What the web translates: errors, validation and the like (each language a module of its own). */
export const serverMessages: Record<Language, ServerMessages> = {
  'zh-CN': withMember(zhCN, zhCNMember),
  'en-US': withMember(enUS, enUSMember),
  'ja-JP': withMember(jaJP, jaJPMember),
  'ko-KP': withMember(koKP, koKPMember),
  'id-ID': withMember(idID, idIDMember),
};
/** E-mail texts, the server's only (`mail.*` keys of serverMessage). */
export const mailMessages: Record<Language, MailMessages> = {
  'zh-CN': zhCNMail,
  'en-US': enUSMail,
  'ja-JP': jaJPMail,
  'ko-KP': koKPMail,
  'id-ID': idIDMail,
};

/** Each language's messages with its mail texts, merged once rather than on every lookup. */
const lookupTables = Object.fromEntries(
  (Object.keys(serverMessages) as Language[]).map((lang) => [lang, { ...serverMessages[lang], mail: mailMessages[lang] }]),
) as unknown as Record<Language, Record<string, Record<string, string> | string>>;

/** Looks up "errors.x" or "validation.y" and fills {{placeholders}}. Unknown keys come back as given. */
export function serverMessage(lang: Language, key: string, params?: Record<string, string | number>): string {
  const messages = lookupTables[lang];
  const dot = key.indexOf('.');
  const entry = dot < 0 ? messages[key] : messages[key.slice(0, dot)];
  const text = dot < 0 ? (typeof entry === 'string' ? entry : undefined) : typeof entry === 'object' ? entry[key.slice(dot + 1)] : undefined;
  if (text === undefined) return key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}
