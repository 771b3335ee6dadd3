/** The portal's API client: the kit's envelope client for member sessions (login type USER). */
import { createApiClient } from '@pp/browser-kit';
import { takeFirstAnswer } from '../boot/first-answers';
import { currentLanguage, hasKey, loadServerMessages, translateKey } from './i18n';
import { session } from './storage';

/** An expired session (87321) shows its message, then the page reloads to the login screen. */
export const { apiCall } = createApiClient({
  loginType: 'USER',
  session,
  i18n: { currentLanguage, hasKey, translateKey, ready: loadServerMessages },
  onExpired: 'reload',
  takeFirstAnswer,
});
