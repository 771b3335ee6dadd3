/**
 * Texts only signed-in pages use (locales/member/). They load with the member shell, not before
 * the first render, so the login page's first download does not grow with every member feature;
 * this module itself is imported only by the member shell for the same reason.
 */
import i18next from 'i18next';
import type { Language } from '@pp/contract';
import type memberSourceLocale from '../locales/member/en-US.json';
import { currentLanguage } from './i18n';

const memberLocaleLoaders: Record<Language, () => Promise<{ default: typeof memberSourceLocale }>> = {
  'zh-CN': () => import('../locales/member/zh-CN.json'),
  'en-US': () => import('../locales/member/en-US.json'),
  'ja-JP': () => import('../locales/member/ja-JP.json'),
  'ko-KP': () => import('../locales/member/ko-KP.json'),
  'id-ID': () => import('../locales/member/id-ID.json'),
};

/** Adds the member texts of the current language, merged into the objects the first chunk has. */
export async function loadMemberMessages(): Promise<void> {
  const language = currentLanguage();
  const texts = await memberLocaleLoaders[language]();
  i18next.addResourceBundle(language, 'translation', texts.default, true, false);
}
