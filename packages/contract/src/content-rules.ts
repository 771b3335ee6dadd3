/**
 * The content rules that need no schema library: limits, the order translations are looked for,
 * and the banner link check. content.ts re-exports them; the portal's dashboard imports them
 * without zod (decision 029).
 */
import { defaultLanguage, languages, type Language } from './languages.ts';

/** Ceilings of what staff and members may send (every one in front of storage or a query). */
export const contentLimits = {
  titleCharsMax: 200,
  /** An announcement's body per language, as sent (before sanitizing). */
  announcementBodyCharsMax: 20_000,
  /** A document's body in one language, as sent: one language per save. */
  documentBodyCharsMax: 100_000,
  /** Banner link (http(s) or a path of the portal). */
  linkCharsMax: 500,
  bannersMax: 50,
  pageSizeMax: 50,
  /** Document versions the back-office lists (newest first). */
  documentVersionsMax: 50,
  /** The unread count stops counting here; the badge shows "99+" from 100. */
  unreadCountMax: 1000,
} as const;

/** The order a translation is looked for: the reader's language, the default, then the rest. */
export function contentLanguageOrder(lang: Language): Language[] {
  return [lang, defaultLanguage, ...languages.filter((l) => l !== lang && l !== defaultLanguage)];
}

/** Picks the best translation of `byLang` for `lang`; null when none has text. */
export function pickTranslation<T>(byLang: Partial<Record<Language, T>>, lang: Language): { lang: Language; value: T } | null {
  for (const l of contentLanguageOrder(lang)) {
    const value = byLang[l];
    if (value !== undefined && value !== null) return { lang: l, value };
  }
  return null;
}

/**
 * A link staff may put behind a banner: an absolute http(s) URL, or a path of the portal
 * ("/package", "/notification?tab=announcements"). Everything else (javascript:, data:, "//host",
 * backslashes, control characters) is refused. The portal checks again before it renders one.
 */
export function isSafeLink(value: string): boolean {
  if (value.length === 0 || value.length > contentLimits.linkCharsMax) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
