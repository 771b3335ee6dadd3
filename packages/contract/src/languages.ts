/** The languages we ship; zh-CN is the default. ko-KP is the stored and sent code for Korean (decisions.md). */
export const languages = ['zh-CN', 'en-US', 'ja-JP', 'ko-KP', 'id-ID'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh-CN';
export const languageNames: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'ja-JP': '日本語',
  'ko-KP': '한국어',
  'id-ID': 'Bahasa Indonesia',
};
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
/** Picks our language from an Accept-Language style header ("en-US,en;q=0.9" or "ko"). */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return defaultLanguage;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!tag) continue;
    const exact = languages.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const prefix = languages.find((l) => l.toLowerCase().split('-')[0] === tag.split('-')[0]);
    if (prefix) return prefix;
  }
  return defaultLanguage;
}
