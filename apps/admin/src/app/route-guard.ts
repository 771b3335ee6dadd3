import { paths } from '../lib/paths';

/**
 * Where a navigation must go instead, or null to let it through: without a staff token only the
 * login screen opens; with one, the login screen moves on to the dashboard (a stale token is
 * caught by the first call, which answers 87321 and comes back here without it).
 */
export function guardRedirect(pathname: string, hasToken: boolean): string | null {
  const isLogin = pathname === paths.login;
  if (!hasToken) return isLogin ? null : loginPath(pathname);
  if (isLogin || pathname === paths.root) return paths.dashboard;
  return null;
}

/** The login screen, remembering where to go after it (the dashboard when there is nowhere). */
export function loginPath(from: string, isExpired = false): string {
  const params = new URLSearchParams();
  if (isExpired) params.set('expired', '1');
  if (from !== paths.root && from !== paths.login && from !== paths.dashboard) params.set('from', from);
  const query = params.toString();
  return query ? `${paths.login}?${query}` : paths.login;
}
