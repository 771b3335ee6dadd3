import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { LoginChallengeResponse } from '@pp/contract';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/button';
import { TextField, ApiError, useForm, useSubmit, showToast } from '@pp/browser-kit';
import { firstPaintForm } from '../../../boot/hand-over';
import { loadServerMessages } from '../../../lib/i18n';
import { useCaptchaOnDemand } from '../api/captcha-on-demand';
import { CaptchaField } from '../components/captcha-field';
import { captchaFields } from '../components/captcha-fields';
import { TwoFactorStep } from '../components/two-factor-step';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The image code is asked for only after failed attempts (decision 007): the field appears
  // when the server answers captcha.required, and stays for the attempts after it.
  const [isCaptchaAsked, setIsCaptchaAsked] = useState(false);
  const captcha = useCaptchaOnDemand(isCaptchaAsked);
  const form = useForm({ userName: '', password: '', captchaCode: '' });
  const { isPending: isBusy, run } = useSubmit();
  const { values, errors, setValue } = form;
  const [challenge, setChallenge] = useState<LoginChallengeResponse | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The login page painted from HTML before the app ran (decision 028): what the visitor typed
  // there, and a submission it held back, carry over before the copy goes (app/router.tsx).
  useLayoutEffect(() => {
    const typed = firstPaintForm();
    if (!typed) return;
    // The copy's fields live outside React: they are read at commit, the last moment they exist.
    if (typed.values.username) setValue('userName', typed.values.username);
    if (typed.values['current-password']) setValue('password', typed.values['current-password']);
    // After the re-render with those values: the form's submit handler then reads them.
    if (typed.isSubmitted) setTimeout(() => formRef.current?.requestSubmit(), 0);
  }, [setValue]);

  const finish = async () => {
    showToast('success', t('auth.login.success'));
    await navigate(paths.dashboard, { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      // The schema, the validation texts and the API client come with the first submission
      // (decisions 014 and 028), not with the page.
      const [{ loginRequest }, { login }] = await Promise.all([import('../../../lib/schemas'), import('../api/login'), loadServerMessages()]);
      const body = form.validate(loginRequest, {
        userName: values.userName,
        password: values.password,
        loginType: 'USER',
        ...(isCaptchaAsked ? captchaFields(captcha.data, values.captchaCode) : {}),
      });
      if (!body) return;
      if (isCaptchaAsked && captcha.data?.enabled && body.captchaCode === '') {
        form.setErrors({ captchaCode: t('validation.enterCaptcha') });
        return;
      }
      let pending: LoginChallengeResponse | null;
      try {
        pending = await login(body);
      } catch (error) {
        // An image code is used up by any attempt; clear it before showing errors under it.
        if (isCaptchaAsked && captcha.data?.enabled) {
          setValue('captchaCode', '');
          void captcha.refetch();
        }
        if (error instanceof ApiError && error.errorKey === 'captcha.required') setIsCaptchaAsked(true);
        form.showServerError(error, { 'captcha.invalid': 'captchaCode', 'captcha.required': 'captchaCode', 'auth.invalidCredentials': 'password' });
        throw error;
      }
      if (pending) {
        setChallenge(pending);
        return;
      }
      await finish();
    });
  };

  const restart = () => {
    setChallenge(null);
    setValue('password', '');
    if (captcha.data?.enabled) {
      setValue('captchaCode', '');
      void captcha.refetch();
    }
  };

  if (challenge) {
    return (
      <div className="auth-card">
        <TwoFactorStep challenge={challenge} onDone={finish} onRestart={restart} />
      </div>
    );
  }

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('auth.login.title')}</h1>
      <p className="auth-subtitle">{t('auth.login.subtitle')}</p>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('auth.login.userName')}
          value={values.userName}
          onValueChange={(v) => setValue('userName', v)}
          error={errors.userName}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
        />
        <TextField
          label={t('auth.login.password')}
          type="password"
          value={values.password}
          onValueChange={(v) => setValue('password', v)}
          error={errors.password}
          autoComplete="current-password"
        />
        {isCaptchaAsked ? (
          <CaptchaField captcha={captcha} value={values.captchaCode} onValueChange={(v) => setValue('captchaCode', v)} error={errors.captchaCode} />
        ) : null}
        <div className="form-row-end">
          <Link to={paths.forgot}>{t('auth.login.forgot')}</Link>
        </div>
        <Button type="submit" isBlock isBusy={isBusy}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        {t('auth.login.noAccount')} <Link to={paths.register}>{t('auth.login.register')}</Link>
      </p>
    </div>
  );
}
