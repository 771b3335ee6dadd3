/**
 * Texts only signed-in pages use (locales/member/). They load with the member shell, not before
 * the first render, so the login page's first download does not grow with every member feature;
 * this module itself is imported only by the member shell for the same reason.
 */
import i18next from 'i18next';
import type { Language, MemberServerMessages } from '@pp/contract';
import type memberSourceLocale from '../locales/member/en-US.json';
import { currentLanguage } from './i18n';

type MemberLoaded = [{ default: typeof memberSourceLocale }, { default: MemberServerMessages }];
/** The member texts of the portal, and the contract's server messages only member pages need (messages/member/). */
const memberLocaleLoaders: Record<Language, () => Promise<MemberLoaded>> = {
  'zh-CN': () => Promise.all([import('../locales/member/zh-CN.json'), import('@pp/contract/messages/member/zh-CN')]),
  'en-US': () => Promise.all([import('../locales/member/en-US.json'), import('@pp/contract/messages/member/en-US')]),
  'ja-JP': () => Promise.all([import('../locales/member/ja-JP.json'), import('@pp/contract/messages/member/ja-JP')]),
  'ko-KP': () => Promise.all([import('../locales/member/ko-KP.json'), import('@pp/contract/messages/member/ko-KP')]),
  'id-ID': () => Promise.all([import('../locales/member/id-ID.json'), import('@pp/contract/messages/member/id-ID')]),
};

/** Adds the member texts of the current language, merged into the objects the first chunk has. */
export async function loadMemberMessages(): Promise<void> {
  const language = currentLanguage();
  const [texts, server] = await memberLocaleLoaders[language]();
  i18next.addResourceBundle(language, 'translation', texts.default, true, false);
  i18next.addResourceBundle(language, 'translation', server.default, true, false);
}
