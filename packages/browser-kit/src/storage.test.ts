// Proves each app's session store keeps its own token (a member and a staff session never mix in
// one tab) while the language is shared, and that a throwing storage counts as "nothing stored".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './storage';

afterEach(() => vi.unstubAllGlobals());

function memoryStorage() {
  const stored = new Map<string, string>();
  return {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  };
}

describe('createSessionStore', () => {
  it('keeps one token per key and one shared language', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const member = createSessionStore('token');
    const staff = createSessionStore('adminToken');
    member.setToken('m');
    expect(staff.getToken()).toBeNull();
    staff.setToken('s');
    member.clearToken();
    expect(member.hasToken()).toBe(false);
    expect(staff.getToken()).toBe('s');
    member.setStoredLanguage('ja-JP');
    expect(staff.getStoredLanguage()).toBe('ja-JP');
  });

  it('treats a storage that throws as empty and never throws itself', () => {
    const refuse = () => {
      throw new Error('denied');
    };
    vi.stubGlobal('sessionStorage', { getItem: refuse, setItem: refuse, removeItem: refuse });
    const store = createSessionStore('token');
    expect(() => store.setToken('x')).not.toThrow();
    expect(store.getToken()).toBeNull();
    expect(store.readMarker('keyReloadAt')).toBeNull();
  });
});
