// Proves the language list both apps show: the five languages, each named in its own language and tagged with it, and only the current one marked (aria-current and the check).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { languageNames, languages } from '@pp/contract';
import { LanguageOptions } from './language-menu';

describe('LanguageOptions', () => {
  it('lists every language in its own name and marks only the current one', () => {
    const html = renderToStaticMarkup(<LanguageOptions current="ja-JP" onChoose={() => undefined} />);
    for (const language of languages) expect(html).toContain(`lang="${language}"`);
    for (const language of languages) expect(html).toContain(`<span>${languageNames[language]}</span>`);
    expect(html.match(/aria-current="true"/g)).toHaveLength(1);
    expect(html.match(/class="menu-check"/g)).toHaveLength(1);
    expect(html).toMatch(/lang="ja-JP" aria-current="true">[^]*?class="menu-check"/);
  });
});
