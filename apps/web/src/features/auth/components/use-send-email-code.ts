import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { noLoginSendRequest, type CaptchaResponse, type NoLoginSendRequest } from '@pp/contract';
import { showToast, type Form, type FormValues } from '@pp/browser-kit';
import { sendCode } from '../api/send-code';
import { captchaFields } from './captcha-fields';

type CodeForm = Form<{ email: string; captchaCode: string; userName: string }>;

/**
 * The "send code" of a public page (register, forgot password): checks the e-mail and, when the
 * server asks for one, the image code (decision 007); the send uses the image code up, so a new
 * one is fetched after it. Resolves with the seconds before another send, or null.
 */
export function useSendEmailCode<V extends FormValues & { email: string; captchaCode: string }>(
  form: Form<V>,
  captcha: UseQueryResult<CaptchaResponse>,
  purpose: NoLoginSendRequest['purpose'],
  /** Fields of the request besides the e-mail (the user name of a password reset). */
  extra?: () => { userName: string },
): () => Promise<number | null> {
  const { t } = useTranslation();
  const codeForm = form as unknown as CodeForm;
  return async () => {
    const input = { email: codeForm.values.email, purpose, ...extra?.(), ...captchaFields(captcha.data, codeForm.values.captchaCode) };
    const body = codeForm.validate(noLoginSendRequest, input, ['email']);
    if (!body) return null;
    if (extra && !body.userName) {
      codeForm.setErrors((current) => ({ ...current, userName: t('validation.enterUsername') }));
      return null;
    }
    if (captcha.data?.enabled && !body.captchaCode) {
      codeForm.setErrors((current) => ({ ...current, captchaCode: t('validation.enterCaptcha') }));
      return null;
    }
    try {
      const { resendAfterSeconds } = await sendCode(body);
      showToast('success', t('auth.code.sent'));
      return resendAfterSeconds;
    } catch (error) {
      codeForm.showServerError(error, { 'code.tooFrequent': 'email', 'captcha.invalid': 'captchaCode' });
      return null;
    } finally {
      if (captcha.data?.enabled) {
        codeForm.setValue('captchaCode', '');
        void captcha.refetch();
      }
    }
  };
}
