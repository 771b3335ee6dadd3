/** The portal's session storage (the kit's store under the member token key). */
import { createSessionStore } from '@pp/browser-kit';

export const session = createSessionStore('token');
export const { getToken, hasToken, setToken, clearToken, getStoredLanguage, setStoredLanguage, readMarker, writeMarker } = session;
