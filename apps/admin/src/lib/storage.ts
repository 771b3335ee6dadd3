/** The back office's session storage (the kit's store under the staff token key). */
import { createSessionStore } from '@pp/browser-kit';

export const session = createSessionStore('adminToken');
export const { getToken, hasToken, setToken, clearToken, getStoredLanguage, setStoredLanguage, readMarker, writeMarker } = session;
