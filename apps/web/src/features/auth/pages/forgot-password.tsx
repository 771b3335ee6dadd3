import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPasswordRequest, noLoginSendRequest } from '@pp/contract';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { TextField, useForm, useSubmitGuard, useRequestId, showToast } from '@pp/browser-kit';
import { SendCodeButton } from '../../../components/ui/send-code-button';
import { resetPassword } from '../api/forgot-password';
import { useCaptcha } from '../api/captcha';
import { sendCode } from '../api/send-code';
import { CaptchaField, captchaFields } from '../components/captcha-field';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requestId = useRequestId();
  const { isBusy, run } = useSubmitGuard();
  const captcha = useCaptcha();
  const form = useForm({ userName: '', email: '', emailCode: '', password: '', confirmPassword: '', captchaCode: '' });
  const { values, errors, setValue } = form;

  const sendEmailCode = async (): Promise<number | null> => {
    const body = form.validate(
      noLoginSendRequest,
      { email: values.email, purpose: 'FORGOT_PASSWORD', userName: values.userName.trim(), ...captchaFields(captcha.data, values.captchaCode) },
      ['email'],
    );
    if (!body) return null;
    if (!body.userName) {
      form.setErrors((current) => ({ ...current, userName: t('validation.enterUsername') }));
      return null;
    }
    // Sending a code needs the image code (decision 007); it is used up by the send.
    if (captcha.data?.enabled && !body.captchaCode) {
      form.setErrors((current) => ({ ...current, captchaCode: t('validation.enterCaptcha') }));
      return null;
    }
    try {
      const { resendAfterSeconds } = await sendCode(body);
      showToast('success', t('auth.code.sent'));
      return resendAfterSeconds;
    } catch (error) {
      form.showServerError(error, { 'code.tooFrequent': 'email', 'captcha.invalid': 'captchaCode' });
      return null;
    } finally {
      if (captcha.data?.enabled) {
        setValue('captchaCode', '');
        void captcha.refetch();
      }
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      // The image code was for the code send; the reset schema drops the field.
      const body = form.validate(forgotPasswordRequest, values);
      if (!body) return;
      try {
        await resetPassword(body, requestId.idFor(body));
      } catch (error) {
        form.showServerError(error, { 'code.invalid': 'emailCode' });
        throw error;
      }
      requestId.reset();
      showToast('success', t('auth.forgot.success'));
      await navigate(paths.login, { replace: true });
    });
  };

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('auth.forgot.title')}</h1>
      <p className="auth-subtitle">{t('auth.forgot.subtitle')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('auth.forgot.userName')}
          value={values.userName}
          onValueChange={(v) => setValue('userName', v)}
          error={errors.userName}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
        />
        <CaptchaField captcha={captcha} value={values.captchaCode} onValueChange={(v) => setValue('captchaCode', v)} error={errors.captchaCode} />
        <TextField
          label={t('auth.forgot.email')}
          type="email"
          value={values.email}
          onValueChange={(v) => setValue('email', v)}
          error={errors.email}
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          addon={<SendCodeButton onSend={sendEmailCode} />}
        />
        <TextField
          label={t('auth.forgot.emailCode')}
          value={values.emailCode}
          onValueChange={(v) => setValue('emailCode', v.replace(/\D/g, ''))}
          error={errors.emailCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
        />
        <TextField
          label={t('auth.forgot.password')}
          hint={t('auth.register.passwordHint')}
          type="password"
          value={values.password}
          onValueChange={(v) => setValue('password', v)}
          error={errors.password}
          autoComplete="new-password"
          maxLength={32}
        />
        <TextField
          label={t('auth.forgot.confirmPassword')}
          type="password"
          value={values.confirmPassword}
          onValueChange={(v) => setValue('confirmPassword', v)}
          error={errors.confirmPassword}
          autoComplete="new-password"
          maxLength={32}
        />
        <Button type="submit" isBlock isBusy={isBusy}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        <Link to={paths.login}>{t('auth.forgot.back')}</Link>
      </p>
    </div>
  );
}
