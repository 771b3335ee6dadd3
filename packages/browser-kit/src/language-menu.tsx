import { useTranslation } from 'react-i18next';
import { languageNames, languages, type Language } from '@pp/contract';
import { DisclosureMenu } from './disclosure-menu';
import { Icon } from './icon';

interface LanguageChoice {
  /** The tab's language, marked in the list. */
  current: Language;
  /** What choosing a language does in this app: the portal reloads, the back-office re-renders in place. */
  onChoose: (language: Language) => void;
}

/** The five languages as a list of buttons, each named in its own language, the current one marked. */
export function LanguageOptions({ current, onChoose, onChosen }: LanguageChoice & { onChosen?: () => void }) {
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
              onChoose(language);
            }}
          >
            <span>{languageNames[language]}</span>
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

/** The header's language menu: a globe button, with the language's name unless compact, that opens the list. */
export function LanguageMenu({ current, onChoose, isCompact = false }: LanguageChoice & { isCompact?: boolean }) {
  const { t } = useTranslation();
  const name = languageNames[current] ?? current;
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
      {(close) => <LanguageOptions current={current} onChoose={onChoose} onChosen={close} />}
    </DisclosureMenu>
  );
}
