import type { ReactNode } from 'react';
import type { NavFlags } from './nav-items';

/** What the logged-in frame receives (kept apart so the desktop and mobile layouts need not import member-layout). */
export interface MemberLayoutProps {
  userName: string | undefined;
  flags: NavFlags;
  onLogout: () => void;
  isLoggingOut: boolean;
  /** Unread notifications, for the badge on the notification entry (decision 023). */
  unreadCount: number;
  children: ReactNode;
}

/** What the desktop and mobile layouts receive: the frame's props and the support opener. */
export type LayoutProps = MemberLayoutProps & { onOpenSupport: () => void };
