import type { CaptchaResponse } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { TextField } from '@pp/browser-kit';

interface CaptchaFieldProps {
  /** A TanStack query's result, or the login page's own (features/auth/api/captcha-on-demand.ts). */
  captcha: { data: CaptchaResponse | undefined; refetch: () => unknown };
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}

/** The image code; hidden when the server does not ask for one. A click on the image gets a new one. */
export function CaptchaField({ captcha, value, onValueChange, error }: CaptchaFieldProps) {
  const { t } = useTranslation();
  if (captcha.data?.enabled === false) return null;
  const refresh = () => {
    onValueChange('');
    void captcha.refetch();
  };
  return (
    <TextField
      label={t('auth.captcha.label')}
      value={value}
      onValueChange={onValueChange}
      error={error}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={8}
      addon={
        <button type="button" className="captcha-button" onClick={refresh} title={t('auth.captcha.refresh')}>
          {captcha.data ? (
            <img src={captcha.data.image} alt={t('auth.captcha.image')} width={120} height={44} />
          ) : (
            <span className="spinner" aria-hidden="true" />
          )}
        </button>
      }
    />
  );
}

export { captchaFields } from './captcha-fields';
