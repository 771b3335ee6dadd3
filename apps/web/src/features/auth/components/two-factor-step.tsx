import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginChallengeResponse } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { TextField, ApiError, useForm, useSubmit } from '@pp/browser-kit';

interface TwoFactorStepProps {
  challenge: LoginChallengeResponse;
  onDone: () => Promise<void>;
  /** Back to the password: the challenge expired or the member chose to. */
  onRestart: () => void;
}

/** The second login step for members with two-step login on (decision 010). */
export function TwoFactorStep({ challenge, onDone, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const form = useForm({ code: '' });
  const { isPending: isBusy, run } = useSubmit();
  const { values, errors, setValue } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const [{ loginTwoFactorRequest }, { loginTwoFactor }] = await Promise.all([import('../../../lib/schemas'), import('../api/login')]);
      const body = form.validate(loginTwoFactorRequest, { challengeId: challenge.challengeId, code: values.code });
      if (!body) return;
      try {
        await loginTwoFactor(body);
      } catch (error) {
        if (error instanceof ApiError && error.errorKey === 'security.challengeExpired') {
          onRestart();
          return;
        }
        form.showServerError(error, { 'security.codeInvalid': 'code' });
        throw error;
      }
      await onDone();
    });
  };

  return (
    <>
      <h1 className="auth-title">{t('security.login.title')}</h1>
      <p className="auth-subtitle">{t('security.login.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('security.login.code')}
          hint={t('security.login.codeHint')}
          value={values.code}
          onValueChange={(v) => setValue('code', v)}
          error={errors.code}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          autoFocus
        />
        <Button type="submit" isBlock isBusy={isBusy}>
          {t('security.login.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        <button type="button" className="btn btn-ghost" onClick={onRestart}>
          {t('security.login.back')}
        </button>
      </p>
    </>
  );
}
