/**
 * The back office's API client: the kit's envelope client for staff sessions (login type STAFF
 * and the staff token; member tokens are never sent from here).
 */
import { createApiClient } from '@pp/browser-kit';
import { currentLanguage, hasKey, translateKey } from './i18n';
import { session } from './storage';

const expiredListeners = new Set<() => void>();
/** The app shell listens: on an expired session it drops cached data and shows the login screen. */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export const { apiCall } = createApiClient({
  loginType: 'STAFF',
  session,
  i18n: { currentLanguage, hasKey, translateKey },
  onExpired: () => {
    for (const listener of expiredListeners) listener();
  },
});
