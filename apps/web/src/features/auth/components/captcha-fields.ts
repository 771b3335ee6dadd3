import type { CaptchaResponse } from '@pp/contract';

/** The captcha fields of a request: only when the server asks for one. Apart from the field, so a page can send them without loading it. */
export function captchaFields(captcha: CaptchaResponse | undefined, code: string): { captchaId?: string; captchaCode?: string } {
  return captcha?.enabled ? { captchaId: captcha.captchaId, captchaCode: code.trim() } : {};
}
