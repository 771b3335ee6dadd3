import { useTranslation } from 'react-i18next';
import { isLanguage, languageNames, languages, type Language } from '@pp/contract';
import { SelectField } from '@pp/browser-kit';

/** Which language's text the editor shows; a missing one falls back for members (zh-CN first). */
export function LanguagePicker({ value, onChange, filled }: { value: Language; onChange: (lang: Language) => void; filled: (lang: Language) => boolean }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('content.language')}
      value={value}
      onValueChange={(v) => (isLanguage(v) ? onChange(v) : undefined)}
      options={languages.map((l) => ({ value: l, label: filled(l) ? `${languageNames[l]} ✓` : languageNames[l] }))}
      hint={t('content.fallbackHint')}
    />
  );
}
