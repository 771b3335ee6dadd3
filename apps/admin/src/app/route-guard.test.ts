// Proves the guard: without a staff token only the login screen opens.
import { describe, expect, it } from 'vitest';
import { guardRedirect, loginPath } from './route-guard';

describe('guardRedirect', () => {
  it('sends every screen to the login without a token, remembering where it was going', () => {
    expect(guardRedirect('/', false)).toBe('/login');
    expect(guardRedirect('/dashboard', false)).toBe('/login');
    for (const path of ['/reviews/manualAdjustment', '/members/1', '/config', '/audit', '/staff', '/nowhere']) {
      expect(guardRedirect(path, false)).toBe(`/login?from=${encodeURIComponent(path)}`);
    }
  });
  it('says why when the session expired', () => {
    expect(loginPath('/config', true)).toBe('/login?expired=1&from=%2Fconfig');
    expect(loginPath('/login', true)).toBe('/login?expired=1');
  });
  it('lets the login screen open without a token', () => {
    expect(guardRedirect('/login', false)).toBeNull();
  });
  it('moves a signed-in staff member from the login and the root to the dashboard', () => {
    expect(guardRedirect('/login', true)).toBe('/dashboard');
    expect(guardRedirect('/', true)).toBe('/dashboard');
  });
  it('lets signed-in screens through', () => {
    expect(guardRedirect('/reviews/manualAdjustment', true)).toBeNull();
  });
});
