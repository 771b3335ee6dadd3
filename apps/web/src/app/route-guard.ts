import { memberPaths, paths, publicPaths, type AppPath } from '../lib/paths';

function normalize(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Where a navigation must go instead, or null to let it through. "/" is the dashboard. Without
 * a session token only the public pages open; a path we do not know is left alone so the router
 * sends it to /404.
 */
export function guardRedirect(pathname: string, hasToken: boolean): AppPath | null {
  const path = normalize(pathname) as AppPath;
  if (path === paths.root) return hasToken ? paths.dashboard : paths.login;
  if (hasToken || publicPaths.includes(path)) return null;
  return memberPaths.includes(path) ? paths.login : null;
}
