/**
 * A member's tab (a session token) opening a member page: the entry starts the member shell's
 * chunk (whose loader asks for the frame's data: user info, balances, coins, levels, package
 * config), the member texts and, on /index, the dashboard's chunk, beside its own first step
 * (the shell's texts), instead of the router finding them one after another once the entry has
 * rendered, as the first load's trace showed it doing (the member portal's first load, decision
 * 014). The router's own imports then find the same modules loaded and the same queries under way
 * (TanStack Query shares a fetch in flight).
 * Without a token nothing is asked for: the guard sends the visitor to the login.
 */
import { hasToken } from '../lib/storage';
import { memberPaths, paths, type AppPath } from '../lib/paths';

export function warmStart(hash = window.location.hash): void {
  if (!hasToken()) return;
  const raw = hash.replace(/^#/, '').split('?')[0] ?? '';
  const path = (raw === '' || raw === '/' ? paths.dashboard : raw.replace(/\/+$/, '')) as AppPath;
  if (!memberPaths.includes(path)) return;
  void import('../app/routes/member-shell').then((m) => m.loadMemberShell()).catch(() => undefined);
  if (path === paths.dashboard) void import('../app/routes/dashboard').catch(() => undefined);
}
