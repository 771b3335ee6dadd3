import { LanguageMenu as KitLanguageMenu, LanguageOptions as KitLanguageOptions } from '@pp/browser-kit';
import { currentLanguage, switchLanguage } from '../../lib/i18n';

/** The languages as a list of buttons (the mobile menu); choosing one reloads the portal in it. */
export function LanguageOptions({ onChosen }: { onChosen?: () => void }) {
  return <KitLanguageOptions current={currentLanguage()} onChoose={switchLanguage} onChosen={onChosen} />;
}

/** The header's language menu; choosing a language reloads the portal in it. */
export function LanguageMenu({ isCompact = false }: { isCompact?: boolean }) {
  return <KitLanguageMenu current={currentLanguage()} onChoose={switchLanguage} isCompact={isCompact} />;
}
