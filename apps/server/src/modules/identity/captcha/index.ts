/** The image captcha module's entry (issue 32): what other modules and the composition root use. */
export { CaptchaService } from './service.ts';
