import { apiCall } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { clearToken } from '../../../lib/storage';
import { showToast } from '@pp/browser-kit';

/** Long enough to read the message before the page reloads. */
const logoutReloadDelayMs = 1000;

/**
 * Spec section 4: logout shows a message, clears the token and reloads the page. The session
 * ends on this device even when the server cannot be told (it expires there on its own).
 */
export async function logout(): Promise<void> {
  try {
    await apiCall('logout', {});
  } catch {
    // Already shown by the API client.
  }
  clearToken();
  queryClient.clear();
  showToast('success', t('auth.logout.done'));
  setTimeout(() => window.location.reload(), logoutReloadDelayMs);
}
