import { createContext, useContext } from 'react';

export interface LogoutAction {
  /** The frame's logout (member-shell.tsx): the one way a member's session ends in the portal. */
  logOut: () => void;
  isLoggingOut: boolean;
}

/**
 * The member frame's logout for buttons inside a page (the settings page's Log out), so a page
 * ends the session through the same call, message and reload as the menus do. Null outside the
 * member layout.
 */
export const LogoutActionContext = createContext<LogoutAction | null>(null);

export function useLogoutAction(): LogoutAction | null {
  return useContext(LogoutActionContext);
}
