import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { totpDisableRequest } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { TextField, useForm, useSubmit, showToast } from '@pp/browser-kit';
import { disableTotp } from '../api/totp-disable';

/** Turning two-step login off needs the password and a current code or a recovery code. */
export function TotpDisableForm({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ password: '', code: '' });
  const { isPending: isBusy, run } = useSubmit();
  const { values, errors, setValue } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const body = form.validate(totpDisableRequest, values);
      if (!body) return;
      try {
        await disableTotp(body);
      } catch (error) {
        form.showServerError(error, { 'user.oldPasswordWrong': 'password', 'security.codeInvalid': 'code' });
        throw error;
      }
      showToast('success', t('security.twoFactor.disabled'));
      onDisabled();
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="section-title">{t('security.twoFactor.disableTitle')}</p>
      <p className="field-hint">{t('security.twoFactor.disableIntro')}</p>
      <TextField
        label={t('security.twoFactor.password')}
        type="password"
        value={values.password}
        onValueChange={(v) => setValue('password', v)}
        error={errors.password}
        autoComplete="current-password"
      />
      <TextField
        label={t('security.twoFactor.codeOrRecovery')}
        value={values.code}
        onValueChange={(v) => setValue('code', v)}
        error={errors.code}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
      />
      <div className="copy-row">
        <Button type="submit" variant="danger" isBusy={isBusy}>
          {t('security.twoFactor.disable')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          {t('security.twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}
