/**
 * Texts only signed-in pages use (locales/member/). They load with the member shell, not before
 * the first render, so the login page's first download does not grow with every member feature;
 * this module itself is imported only by the member shell for the same reason.
 */
import type { Language } from '@pp/contract';
import type memberSourceLocale from '../locales/member/en-US.json';
import { addMessages, currentLanguage, loadServerMessages } from './i18n';

const memberLocaleLoaders: Record<Language, () => Promise<{ default: typeof memberSourceLocale }>> = {
  'zh-CN': () => import('../locales/member/zh-CN.json'),
  'en-US': () => import('../locales/member/en-US.json'),
  'ja-JP': () => import('../locales/member/ja-JP.json'),
  'ko-KP': () => import('../locales/member/ko-KP.json'),
  'id-ID': () => import('../locales/member/id-ID.json'),
};

/** Once per page: the route table starts it beside the member shell's chunk, the shell awaits it. */
let loading: Promise<void> | null = null;

/**
 * Adds the member texts of the current language, merged into the objects the first chunk has,
 * and the server messages (errors.*, validation.*) every member page may show.
 */
export function loadMemberMessages(): Promise<void> {
  loading ??= Promise.all([memberLocaleLoaders[currentLanguage()](), loadServerMessages()]).then(
    ([texts]) => addMessages(texts.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
