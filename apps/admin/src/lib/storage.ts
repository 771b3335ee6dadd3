/**
 * Session storage: the staff session token and the chosen language. The token key differs from
 * the member portal's, so a member session and a staff session never mix in one browser tab;
 * the language key is shared with the portal on purpose. Storage can throw (private modes,
 * quota), and that must never break a page, so a failure counts as "nothing stored".
 */
const tokenKey = 'adminToken';
const languageKey = 'lang';

function read(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}

export const getToken = (): string | null => read(tokenKey) || null;
export const hasToken = (): boolean => getToken() !== null;
export const setToken = (token: string): void => write(tokenKey, token);
export const clearToken = (): void => write(tokenKey, null);

export const getStoredLanguage = (): string | null => read(languageKey);
export const setStoredLanguage = (language: string): void => write(languageKey, language);
