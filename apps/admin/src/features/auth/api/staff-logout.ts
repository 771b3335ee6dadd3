import { apiCall } from '../../../lib/api-client';
import { clearToken } from '../../../lib/storage';

/**
 * Ends the session on the server, then forgets it here. The local token goes even if the call
 * fails (offline, already expired): logging out must always work on this device.
 */
export async function staffLogout(): Promise<void> {
  try {
    await apiCall('staffLogout', {}, { isQuiet: true });
  } catch {
    // Nothing more to do: the server session expires on its own.
  } finally {
    clearToken();
  }
}
