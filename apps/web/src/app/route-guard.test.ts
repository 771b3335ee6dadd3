// Proves the guard of spec section 2: only the public pages open without a session token.
import { describe, expect, it } from 'vitest';
import { memberPaths, paths, publicPaths } from '../lib/paths';
import { guardRedirect } from './route-guard';

describe('route guard', () => {
  it.each(publicPaths)('opens %s without a token', (path) => {
    expect(guardRedirect(path, false)).toBeNull();
  });

  it.each(memberPaths)('sends %s to /login without a token', (path) => {
    expect(guardRedirect(path, false)).toBe(paths.login);
  });

  it('sends / to /index with a token and to /login without', () => {
    expect(guardRedirect('/', true)).toBe(paths.dashboard);
    expect(guardRedirect('/', false)).toBe(paths.login);
  });

  it.each([...memberPaths, ...publicPaths].filter((p) => p !== '/'))('opens %s with a token', (path) => {
    expect(guardRedirect(path, true)).toBeNull();
  });

  it('lists exactly the five public pages of the spec and the published proof of liabilities', () => {
    expect([...publicPaths].sort()).toEqual(['/404', '/forgot', '/liabilities', '/login', '/register', '/terms/reg']);
  });

  it('treats a trailing slash like the path itself', () => {
    expect(guardRedirect('/records/', false)).toBe(paths.login);
    expect(guardRedirect('/login/', false)).toBeNull();
  });

  it('leaves unknown paths to the 404 route', () => {
    expect(guardRedirect('/no-such-page', false)).toBeNull();
  });

  it('covers every logged-in page of the spec', () => {
    expect([...memberPaths].sort()).toEqual(
      [
        '/',
        '/index',
        '/user-info',
        '/package',
        '/plan',
        '/ranking',
        '/records',
        '/recharge',
        '/withdraw',
        '/invite-tree',
        '/setting',
        // The security centre (decision 010).
        '/setting/security',
        '/terms',
        '/notification',
        '/details',
        '/code',
        '/equity',
        '/transfer',
        // Content (decision 023).
        '/announcement',
        '/white-paper',
        // The help centre: the FAQ staff write, searchable.
        '/help',
        // The game (decision 024).
        '/game',
        // The member's proof of liabilities (decision 088).
        '/proof',
      ].sort(),
    );
  });
});
