import type { Country } from '@pp/contract';

/**
 * Country names in the member's language: the browser's own region names (Intl.DisplayNames),
 * else the server's name (Chinese for zh-CN, English otherwise), so a Japanese, Korean or
 * Indonesian reader does not get an English list.
 */
export function countryOptions(countries: readonly Country[], language: string): Array<{ value: string; label: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    names = null;
  }
  return countries.map((c) => {
    let label: string | undefined;
    try {
      label = names?.of(c.code);
    } catch {
      label = undefined;
    }
    return { value: c.code, label: label || (language === 'zh-CN' ? c.cn : c.en) };
  });
}

/** Text as compared in a search: width and case folded (ｶﾀｶﾅ = カタカナ, ＡＢＣ = abc), spaces ignored. */
function folded(text: string, language: string): string {
  return text.normalize('NFKC').toLocaleLowerCase(language).replace(/\s+/g, '');
}

/** Whether a shown name contains what the member typed. */
export function countryMatches(label: string, query: string, language: string): boolean {
  const q = folded(query, language);
  return q === '' || folded(label, language).includes(q);
}
