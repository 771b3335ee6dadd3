import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { LanguageMenu } from '../../../components/layouts/language-menu';
import { ApiError, TextField, useSubmit } from '@pp/browser-kit';
import { staffLogin, staffTotp, useLoginCaptcha, type LoginChallenge } from '../api/staff-login';
import { TotpSetup } from '../components/totp-setup';

type Step = { stage: 'password' } | ({ stage: 'totp' | 'totp-setup' } & LoginChallenge);

const totpPattern = /^\d{6}$/;

type Field = 'userName' | 'password' | 'code' | 'captcha';
/** The field a refusal belongs under, by the field the server names, on each step. */
const passwordFields: Partial<Record<string, Field>> = { userName: 'userName', password: 'password', captchaCode: 'captcha' };
const codeFields: Partial<Record<string, Field>> = { code: 'code' };

/** Staff login in two steps: password, then the authenticator code (enrolling it the first time). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [step, setStep] = useState<Step>({ stage: 'password' });
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // The image code is asked for only after failed attempts (decision 007): it appears when the
  // server answers captcha.required, and stays for the attempts after it.
  const [isCaptchaAsked, setIsCaptchaAsked] = useState(false);
  const [captchaCode, setCaptchaCode] = useState('');
  const captcha = useLoginCaptcha(isCaptchaAsked);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const isExpired = search.get('expired') === '1';
  // A refused call: under its field when the server names one, else above the button.
  const {
    isPending: isBusy,
    formError,
    setFormError,
    run,
  } = useSubmit<Field>({
    fieldOf: (error) => (error.details.field ? (step.stage === 'password' ? passwordFields : codeFields)[error.details.field] : undefined),
    showFieldError: (field, message) => setErrors({ [field]: message }),
  });

  async function submitPassword() {
    const isCaptchaShown = isCaptchaAsked && captcha.data?.enabled === true;
    const next = {
      userName: userName.trim() === '' ? t('login.enterUserName') : undefined,
      password: password === '' ? t('login.enterPassword') : undefined,
      captcha: isCaptchaShown && captchaCode.trim() === '' ? t('validation.enterCaptcha') : undefined,
    };
    setErrors(next);
    setFormError(null);
    if (next.userName || next.password || next.captcha) return;
    await run(
      async () => {
        try {
          return await staffLogin(
            userName.trim(),
            password,
            isCaptchaShown && captcha.data ? { captchaId: captcha.data.captchaId, captchaCode: captchaCode.trim() } : null,
          );
        } catch (error) {
          // An image code is used up by any attempt.
          if (isCaptchaShown) {
            setCaptchaCode('');
            void captcha.refetch();
          }
          if (error instanceof ApiError && error.errorKey === 'captcha.required') setIsCaptchaAsked(true);
          throw error;
        }
      },
      (challenge) => {
        setPassword('');
        setCode('');
        setStep({ ...challenge, stage: challenge.stage });
      },
    );
  }

  async function submitCode() {
    if (step.stage === 'password') return;
    const trimmed = code.trim();
    setFormError(null);
    if (!totpPattern.test(trimmed)) return setErrors({ code: t('login.codeRule') });
    setErrors({});
    await run(
      async () => {
        try {
          await staffTotp(step.stage, step.challengeId, trimmed);
        } catch (error) {
          setCode('');
          throw error;
        }
      },
      () => {
        // Only a path inside this app: never an address elsewhere ("//host", "https:").
        const from = search.get('from');
        const isSafe = from !== null && from.startsWith('/') && !from.startsWith('//') && from !== paths.login;
        void navigate(isSafe ? from : paths.dashboard, { replace: true });
      },
    );
  }

  function startOver() {
    setStep({ stage: 'password' });
    setCode('');
    setErrors({});
    setFormError(null);
  }

  /** Typing in a field takes its error and the one above the button away. */
  function clearError(field: Field) {
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  }

  return (
    <div className="login-page">
      <div className="login-lang">
        <LanguageMenu />
      </div>
      <main className="login-card" id="main">
        <p className="brand">{t('app.name')}</p>
        <h1 className="page-title">{step.stage === 'password' ? t('login.title') : step.stage === 'totp' ? t('login.totpTitle') : t('login.setupTitle')}</h1>
        {isExpired && step.stage === 'password' ? (
          <p className="notice notice-warning" role="alert">
            {t('api.expired')}
          </p>
        ) : null}
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void (step.stage === 'password' ? submitPassword() : submitCode());
          }}
        >
          {step.stage === 'password' ? (
            <>
              <p className="muted">{t('login.subtitle')}</p>
              <TextField
                id="login-username"
                label={t('login.userName')}
                value={userName}
                onValueChange={(v) => {
                  setUserName(v);
                  clearError('userName');
                }}
                error={errors.userName}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
                required
                autoFocus
              />
              <TextField
                id="login-password"
                type="password"
                label={t('login.password')}
                value={password}
                onValueChange={(v) => {
                  setPassword(v);
                  clearError('password');
                }}
                error={errors.password}
                autoComplete="current-password"
                maxLength={128}
                required
              />
              {isCaptchaAsked && captcha.data?.enabled !== false ? (
                <div className="captcha-row">
                  <TextField
                    id="login-captcha"
                    label={t('login.captcha')}
                    value={captchaCode}
                    onValueChange={(v) => {
                      setCaptchaCode(v);
                      clearError('captcha');
                    }}
                    error={errors.captcha}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={8}
                  />
                  <button
                    type="button"
                    className="captcha-button"
                    onClick={() => {
                      setCaptchaCode('');
                      void captcha.refetch();
                    }}
                    title={t('login.captchaRefresh')}
                  >
                    {captcha.data ? (
                      <img src={captcha.data.image} alt={t('login.captchaImage')} width={120} height={44} />
                    ) : (
                      <span className="spinner" aria-hidden="true" />
                    )}
                  </button>
                </div>
              ) : null}
            </>
          ) : (
            <>
              {step.stage === 'totp-setup' ? (
                <TotpSetup qrCode={step.qrCode} secret={step.secret} otpauthUri={step.otpauthUri} />
              ) : (
                <p className="muted">{t('login.totpIntro')}</p>
              )}
              <TextField
                id="login-code"
                label={t('login.code')}
                hint={t('login.codeHint')}
                value={code}
                onValueChange={(v) => {
                  setCode(v.replace(/\D/g, '').slice(0, 6));
                  setErrors({});
                  setFormError(null);
                }}
                error={errors.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                autoFocus
              />
            </>
          )}
          {formError ? (
            <p className="form-error" role="alert">
              {formError}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={isBusy} aria-busy={isBusy}>
            {isBusy ? t('common.working') : step.stage === 'password' ? t('login.next') : t('login.submit')}
          </button>
          {step.stage !== 'password' ? (
            <button type="button" className="btn btn-ghost btn-block" onClick={startOver} disabled={isBusy}>
              {t('login.startOver')}
            </button>
          ) : null}
        </form>
      </main>
    </div>
  );
}
