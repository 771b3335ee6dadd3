import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { noLoginSendRequest, registerRequest } from '@pp/contract';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField, useForm, useSubmitGuard, useRequestId, showToast } from '@pp/browser-kit';
import { SendCodeButton } from '../../../components/ui/send-code-button';
import { currentLanguage } from '../../../lib/i18n';
import { useCaptcha } from '../api/captcha';
import { useCountryList } from '../api/country-list';
import { registerUser } from '../api/register';
import { sendCode } from '../api/send-code';
import { CaptchaField, captchaFields } from '../components/captcha-field';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const captcha = useCaptcha();
  const countries = useCountryList();
  const requestId = useRequestId();
  const { isBusy, run } = useSubmitGuard();
  const form = useForm({
    userName: '',
    password: '',
    confirmPassword: '',
    transactionPassword: '',
    confirmTransactionPassword: '',
    countryCode: '',
    email: '',
    emailCode: '',
    inviteId: search.get('inviteId')?.trim().slice(0, 32) ?? '',
    agree: false as boolean,
    captchaCode: '',
  });
  const { values, errors, setValue } = form;
  const isChinese = currentLanguage() === 'zh-CN';
  const countryOptions = (countries.data ?? []).map((c) => ({ value: c.code, label: isChinese ? c.cn : c.en }));

  const sendEmailCode = async (): Promise<number | null> => {
    const body = form.validate(noLoginSendRequest, { email: values.email, purpose: 'REGISTER', ...captchaFields(captcha.data, values.captchaCode) }, ['email']);
    if (!body) return null;
    // Sending a code needs the image code too (decision 007); it is used up by the send.
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
      const { captchaCode, ...fields } = values;
      const body = form.validate(registerRequest, { ...fields, ...captchaFields(captcha.data, captchaCode) });
      if (!body) return;
      if (captcha.data?.enabled && !body.captchaCode) {
        form.setErrors({ captchaCode: t('validation.enterCaptcha') });
        return;
      }
      try {
        await registerUser(body, requestId.idFor(body));
      } catch (error) {
        // An image code is used up by any attempt; clear it before showing errors under it.
        if (captcha.data?.enabled) {
          setValue('captchaCode', '');
          void captcha.refetch();
        }
        form.showServerError(error, {
          'captcha.invalid': 'captchaCode',
          'code.invalid': 'emailCode',
          'user.nameTaken': 'userName',
          'user.inviteNotFound': 'inviteId',
        });
        throw error;
      }
      requestId.reset();
      showToast('success', t('auth.register.success'));
      await navigate(paths.login, { replace: true });
    });
  };

  return (
    <div className="auth-card auth-card-wide">
      <h1 className="auth-title">{t('auth.register.title')}</h1>
      <p className="auth-subtitle">{t('auth.register.subtitle')}</p>
      <form className="form form-grid" onSubmit={submit} noValidate>
        <TextField
          label={t('auth.register.userName')}
          hint={t('auth.register.userNameHint')}
          value={values.userName}
          onValueChange={(v) => setValue('userName', v)}
          error={errors.userName}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={20}
        />
        <SelectField
          label={t('auth.register.country')}
          value={values.countryCode}
          onValueChange={(v) => setValue('countryCode', v)}
          options={countryOptions}
          placeholder={t('common.selectPlaceholder')}
          error={errors.countryCode}
          autoComplete="country"
        />
        <TextField
          label={t('auth.register.password')}
          hint={t('auth.register.passwordHint')}
          type="password"
          value={values.password}
          onValueChange={(v) => setValue('password', v)}
          error={errors.password}
          autoComplete="new-password"
          maxLength={32}
        />
        <TextField
          label={t('auth.register.confirmPassword')}
          type="password"
          value={values.confirmPassword}
          onValueChange={(v) => setValue('confirmPassword', v)}
          error={errors.confirmPassword}
          autoComplete="new-password"
          maxLength={32}
        />
        <TextField
          label={t('auth.register.transactionPassword')}
          hint={t('auth.register.transactionPasswordHint')}
          type="password"
          value={values.transactionPassword}
          onValueChange={(v) => setValue('transactionPassword', v)}
          error={errors.transactionPassword}
          autoComplete="off"
          maxLength={32}
        />
        <TextField
          label={t('auth.register.confirmTransactionPassword')}
          type="password"
          value={values.confirmTransactionPassword}
          onValueChange={(v) => setValue('confirmTransactionPassword', v)}
          error={errors.confirmTransactionPassword}
          autoComplete="off"
          maxLength={32}
        />
        <TextField
          label={t('auth.register.email')}
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
          label={t('auth.register.emailCode')}
          value={values.emailCode}
          onValueChange={(v) => setValue('emailCode', v.replace(/\D/g, ''))}
          error={errors.emailCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
        />
        <TextField
          label={t('auth.register.inviteId')}
          value={values.inviteId}
          onValueChange={(v) => setValue('inviteId', v)}
          error={errors.inviteId}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={32}
        />
        <CaptchaField captcha={captcha} value={values.captchaCode} onValueChange={(v) => setValue('captchaCode', v)} error={errors.captchaCode} />
        <div className="form-span">
          <CheckboxField
            label={t('auth.register.agree')}
            checked={values.agree}
            onCheckedChange={(v) => setValue('agree', v)}
            error={errors.agree}
            extra={
              // With an opener the new tab inherits session storage, so it keeps the language.
              <Link to={paths.termsReg} target="_blank" rel="opener">
                {t('auth.register.readTerms')}
              </Link>
            }
          />
        </div>
        <div className="form-span">
          <Button type="submit" isBlock isBusy={isBusy}>
            {t('auth.register.submit')}
          </Button>
        </div>
      </form>
      <p className="auth-switch">
        {t('auth.register.haveAccount')} <Link to={paths.login}>{t('auth.register.login')}</Link>
      </p>
    </div>
  );
}
