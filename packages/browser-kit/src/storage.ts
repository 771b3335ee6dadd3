/**
 * Session storage: the session token and the chosen language (spec sections 1 and 9). Every read
 * and write of these keys goes through here. Storage can throw (private modes, quota), and a
 * failure there must never break a page, so it counts as "nothing stored".
 *
 * Each app names its own token key (the portal "token", the back office "adminToken"), so a
 * member session and a staff session never mix in one browser tab; the language key is shared
 * on purpose.
 */
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

export interface SessionStore {
  getToken(): string | null;
  hasToken(): boolean;
  setToken(token: string): void;
  clearToken(): void;
  getStoredLanguage(): string | null;
  setStoredLanguage(language: string): void;
  /** A short-lived marker that survives a reload, used to avoid reload loops. */
  readMarker(key: string): string | null;
  writeMarker(key: string, value: string | null): void;
}

export function createSessionStore(tokenKey: string): SessionStore {
  const getToken = (): string | null => read(tokenKey) || null;
  return {
    getToken,
    hasToken: () => getToken() !== null,
    setToken: (token) => write(tokenKey, token),
    clearToken: () => write(tokenKey, null),
    getStoredLanguage: () => read(languageKey),
    setStoredLanguage: (language) => write(languageKey, language),
    readMarker: (key) => read(`pp.${key}`),
    writeMarker: (key, value) => write(`pp.${key}`, value),
  };
}

/**
 * A preference of this device, kept across tabs and restarts (local storage, unlike the session's
 * keys above): the member's "hide balances" eye. Failures count as "nothing stored", as above.
 */
export function readDevicePreference(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(`pp.${key}`) ?? null;
  } catch {
    return null;
  }
}

export function writeDevicePreference(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(`pp.${key}`);
    else globalThis.localStorage?.setItem(`pp.${key}`, value);
  } catch {
    // Nothing to do: the preference simply is not remembered.
  }
}
