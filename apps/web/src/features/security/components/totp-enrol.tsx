import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { totpEnableRequest, type TotpSetupResponse } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { CopyButton, TextField, useForm, useSubmit } from '@pp/browser-kit';
import { enableTotp } from '../api/totp-enable';

interface TotpEnrolProps {
  setup: TotpSetupResponse;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Step two of turning two-step login on: scan the secret, then prove it with the password and a code. */
export function TotpEnrol({ setup, onEnabled, onCancel }: TotpEnrolProps) {
  const { t } = useTranslation();
  const form = useForm({ password: '', code: '' });
  const { isPending: isBusy, run } = useSubmit();
  const { values, errors, setValue } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const body = form.validate(totpEnableRequest, values);
      if (!body) return;
      try {
        const answer = await enableTotp(body);
        onEnabled(answer.recoveryCodes);
      } catch (error) {
        form.showServerError(error, { 'user.oldPasswordWrong': 'password', 'security.codeInvalid': 'code' });
        throw error;
      }
    });
  };

  return (
    <div className="stack-tight">
      <p className="section-title">{t('security.twoFactor.scan')}</p>
      <div className="totp-setup">
        <img className="totp-qr" src={setup.qrCode} alt={t('security.twoFactor.qrAlt')} width={176} height={176} />
        <div className="stack-tight">
          <p className="field-hint">{t('security.twoFactor.secretLabel')}</p>
          {/* Groups of four are easier to type; authenticator apps ignore the spaces. */}
          <code className="totp-secret" data-testid="totp-secret">
            {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
          </code>
          <div className="copy-row">
            <CopyButton text={setup.secret} label={t('security.twoFactor.copySecret')} />
          </div>
        </div>
      </div>
      <p className="section-title">{t('security.twoFactor.confirmIntro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('security.twoFactor.password')}
          type="password"
          value={values.password}
          onValueChange={(v) => setValue('password', v)}
          error={errors.password}
          autoComplete="current-password"
        />
        <TextField
          label={t('security.twoFactor.code')}
          value={values.code}
          onValueChange={(v) => setValue('code', v)}
          error={errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <div className="copy-row">
          <Button type="submit" isBusy={isBusy}>
            {t('security.twoFactor.enable')}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
            {t('security.twoFactor.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}
