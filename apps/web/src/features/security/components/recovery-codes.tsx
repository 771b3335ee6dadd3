import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@pp/browser-kit';
import { Button } from '../../../components/ui/button';

/** The recovery codes, shown once right after two-step login is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div className="stack-tight" role="group" aria-labelledby={titleId}>
      <h3 className="section-title" id={titleId}>
        {t('security.twoFactor.recoveryTitle')}
      </h3>
      <p className="field-hint">{t('security.twoFactor.recoveryIntro')}</p>
      <ol className="recovery-codes" aria-label={t('security.twoFactor.recoveryListLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="copy-row">
        <CopyButton text={codes.join('\n')} label={t('security.twoFactor.copyCodes')} />
        <Button onClick={onDone}>{t('security.twoFactor.recoveryDone')}</Button>
      </div>
    </div>
  );
}
