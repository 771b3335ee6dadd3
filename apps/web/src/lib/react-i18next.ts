/**
 * What `import { useTranslation } from 'react-i18next'` gives in the member portal (decision
 * 014): vite.config.ts and tsconfig.json resolve that name to this file, so every page keeps the
 * usual import while the first download carries neither i18next nor react-i18next.
 * The texts of a language never change while the page lives (a switch reloads the page), and
 * texts added later (member texts, server messages) are in place before the pages that show them
 * render, so the hook needs no subscription.
 */
import { currentLanguage, t, type TFunction } from './i18n';

export type { TFunction };

const translation = {
  t,
  i18n: {
    get language() {
      return currentLanguage();
    },
  },
} as const;

export function useTranslation(): { t: TFunction; i18n: { readonly language: string } } {
  return translation;
}
