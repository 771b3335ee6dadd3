import { useTranslation } from 'react-i18next';
import { languageNames, languages } from '@pp/contract';
import { currentLanguage, switchLanguage } from '../../lib/i18n';
import { DisclosureMenu } from '@pp/browser-kit';
import { Icon } from '../ui/icon';

/** The languages as a list of buttons; the current one is marked. */
export function LanguageOptions({ onChosen }: { onChosen?: () => void }) {
  const current = currentLanguage();
  return (
    <ul className="menu-list">
      {languages.map((language) => (
        <li key={language}>
          <button
            type="button"
            className="menu-item"
            lang={language}
            aria-current={language === current ? 'true' : undefined}
            onClick={() => {
              onChosen?.();
              switchLanguage(language);
            }}
          >
            {languageNames[language]}
            {language === current ? (
              <span className="menu-check">
                <Icon name="check" size={16} />
              </span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function LanguageMenu({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const name = languageNames[currentLanguage()];
  return (
    <DisclosureMenu
      label={t('language.choose', { name })}
      triggerClassName="btn btn-ghost"
      trigger={
        <>
          <Icon name="globe" />
          {isCompact ? null : <span aria-hidden="true">{name}</span>}
        </>
      }
    >
      {(close) => <LanguageOptions onChosen={close} />}
    </DisclosureMenu>
  );
}
