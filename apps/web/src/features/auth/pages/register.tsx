import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registerRequest } from '@pp/contract';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField, useForm, useFormSubmit, showToast } from '@pp/browser-kit';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { currentLanguage } from '../../../lib/i18n';
import { useCaptcha } from '../api/captcha';
import { useCountryList } from '../api/country-list';
import { countryMatches, countryOptions as localizedCountries } from '../country-names';
import { registerUser } from '../api/register';
import { CaptchaField, captchaFields } from '../components/captcha-field';
import { EmailCodeFields } from '../components/email-code-fields';
import { useSendEmailCode } from '../components/use-send-email-code';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const captcha = useCaptcha();
  const countries = useCountryList();
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
  const language = currentLanguage();
  const allCountries = useMemo(() => localizedCountries(countries.data ?? [], language), [countries.data, language]);
  // Found by the name shown; the chosen one stays in the list whatever is typed.
  const [countryQuery, setCountryQuery] = useState('');
  const countryOptions = allCountries.filter((c) => c.value === values.countryCode || countryMatches(c.label, countryQuery, language));
  const onCountryQuery = (query: string) => {
    setCountryQuery(query);
    const found = allCountries.filter((c) => countryMatches(c.label, query, language));
    if (query.trim() !== '' && found.length === 1) setValue('countryCode', found[0]!.value);
  };
  const hasNoCountryMatch = countryQuery.trim() !== '' && !allCountries.some((c) => countryMatches(c.label, countryQuery, language));

  const sendEmailCode = useSendEmailCode(form, captcha, 'REGISTER');

  const { isBusy, onSubmit } = useFormSubmit(form, {
    parse: () => {
      const { captchaCode, ...fields } = values;
      const body = form.validate(registerRequest, { ...fields, ...captchaFields(captcha.data, captchaCode) });
      if (body && captcha.data?.enabled && !body.captchaCode) {
        form.setErrors({ captchaCode: t('validation.enterCaptcha') });
        return null;
      }
      return body;
    },
    send: registerUser,
    fieldOf: { 'captcha.invalid': 'captchaCode', 'code.invalid': 'emailCode', 'user.nameTaken': 'userName', 'user.inviteNotFound': 'inviteId' },
    // An image code is used up by any attempt; clear it before showing errors under it.
    onRefused: () => {
      if (captcha.data?.enabled) {
        setValue('captchaCode', '');
        void captcha.refetch();
      }
    },
    onDone: async () => {
      showToast('success', t('auth.register.success'));
      await navigate(paths.login, { replace: true });
    },
  });

  return (
    <div className="auth-card auth-card-wide">
      <h1 className="auth-title">{t('auth.register.title')}</h1>
      <p className="auth-subtitle">{t('auth.register.subtitle')}</p>
      <form className="form form-grid" onSubmit={onSubmit} noValidate>
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
        <TextField
          type="search"
          label={t('auth.register.countrySearch')}
          value={countryQuery}
          onValueChange={onCountryQuery}
          hint={hasNoCountryMatch ? t('auth.register.countryNoMatch', { query: countryQuery.trim() }) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
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
        <NewPasswordFields
          password={form.bind('password')}
          confirm={form.bind('confirmPassword')}
          label={t('auth.register.password')}
          confirmLabel={t('auth.register.confirmPassword')}
          hint={t('auth.register.passwordHint')}
          autoComplete="new-password"
        />
        <NewPasswordFields
          password={form.bind('transactionPassword')}
          confirm={form.bind('confirmTransactionPassword')}
          label={t('auth.register.transactionPassword')}
          confirmLabel={t('auth.register.confirmTransactionPassword')}
          hint={t('auth.register.transactionPasswordHint')}
          autoComplete="off"
        />
        <EmailCodeFields
          email={form.bind('email')}
          code={form.bind('emailCode')}
          emailLabel={t('auth.register.email')}
          codeLabel={t('auth.register.emailCode')}
          onSend={sendEmailCode}
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
