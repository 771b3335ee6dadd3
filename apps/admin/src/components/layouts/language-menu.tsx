import { useTranslation } from 'react-i18next';
import type { Language } from '@pp/contract';
import { LanguageMenu as KitLanguageMenu, showToast } from '@pp/browser-kit';
import { switchLanguage } from '../../lib/i18n';

/** The language menu: switching re-renders in place, filters and open panels stay. */
export function LanguageMenu({ isCompact = false }: { isCompact?: boolean }) {
  const { t, i18n } = useTranslation();
  const choose = (language: Language) => {
    switchLanguage(language).then(
      () => showToast('success', t('language.switched', { lng: language })),
      () => showToast('error', t('common.loadFailed')),
    );
  };
  return <KitLanguageMenu current={i18n.language as Language} onChoose={choose} isCompact={isCompact} />;
}
