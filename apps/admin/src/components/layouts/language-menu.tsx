import { useTranslation } from 'react-i18next';
import { languageNames, languages, type Language } from '@pp/contract';
import { switchLanguage } from '../../lib/i18n';
import { showToast, DisclosureMenu } from '@pp/browser-kit';
import { Icon } from '../ui/icon';

/** The language menu: switching re-renders in place, filters and open panels stay. */
export function LanguageMenu({ isCompact = false }: { isCompact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Language;
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
      {(close) => (
        <ul className="menu-list">
          {languages.map((language) => (
            <li key={language}>
              <button
                type="button"
                className="menu-item"
                lang={language}
                aria-current={language === current ? 'true' : undefined}
                onClick={() => {
                  close();
                  switchLanguage(language).then(
                    () => showToast('success', t('language.switched', { lng: language })),
                    () => showToast('error', t('common.loadFailed')),
                  );
                }}
              >
                <span>{languageNames[language]}</span>
                {language === current ? <Icon name="check" size={16} /> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </DisclosureMenu>
  );
}
