import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPasswordRequest } from '@pp/contract';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/button';
import { TextField, useForm, useFormSubmit, showToast } from '@pp/browser-kit';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { resetPassword } from '../api/forgot-password';
import { useCaptcha } from '../api/captcha';
import { CaptchaField } from '../components/captcha-field';
import { EmailCodeFields } from '../components/email-code-fields';
import { useSendEmailCode } from '../components/use-send-email-code';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const form = useForm({ userName: '', email: '', emailCode: '', password: '', confirmPassword: '', captchaCode: '' });
  const { values, errors, setValue } = form;

  const sendEmailCode = useSendEmailCode(form, captcha, 'FORGOT_PASSWORD', () => ({ userName: values.userName.trim() }));

  const { isBusy, onSubmit } = useFormSubmit(form, {
    // The image code was for the code send; the reset schema drops the field.
    parse: () => form.validate(forgotPasswordRequest, values),
    send: resetPassword,
    fieldOf: { 'code.invalid': 'emailCode' },
    onDone: async () => {
      showToast('success', t('auth.forgot.success'));
      await navigate(paths.login, { replace: true });
    },
  });

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('auth.forgot.title')}</h1>
      <p className="auth-subtitle">{t('auth.forgot.subtitle')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
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
        <EmailCodeFields
          email={form.bind('email')}
          code={form.bind('emailCode')}
          emailLabel={t('auth.forgot.email')}
          codeLabel={t('auth.forgot.emailCode')}
          onSend={sendEmailCode}
        />
        <NewPasswordFields
          password={form.bind('password')}
          confirm={form.bind('confirmPassword')}
          label={t('auth.forgot.password')}
          confirmLabel={t('auth.forgot.confirmPassword')}
          hint={t('auth.register.passwordHint')}
          autoComplete="new-password"
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
