/**
 * Session storage: the session token and the chosen language (spec sections 1 and 9). Every read
 * and write of these keys goes through here. Storage can throw (private modes, quota), and a
 * failure there must never break a page, so it counts as "nothing stored".
 */
const tokenKey = 'token';
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

/** A short-lived marker that survives a reload, used to avoid reload loops. */
export const readMarker = (key: string): string | null => read(`pp.${key}`);
export const writeMarker = (key: string, value: string | null): void => write(`pp.${key}`, value);
