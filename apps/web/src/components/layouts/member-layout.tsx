import { useState, type ReactNode } from 'react';
import { desktopQuery, useMediaQuery } from '../../lib/use-media-query';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';
import type { NavFlags } from './nav-items';
import { SupportPanel } from './support-panel';

export interface MemberLayoutProps {
  userName: string | undefined;
  flags: NavFlags;
  onLogout: () => void;
  isLoggingOut: boolean;
  /** Unread notifications, for the badge on the notification entry (decision 023). */
  unreadCount: number;
  children: ReactNode;
}

/** The logged-in frame: desktop and mobile differ here, at layout level, not in the pages. */
export function MemberLayout(props: MemberLayoutProps) {
  const isDesktop = useMediaQuery(desktopQuery);
  const [isSupportOpen, setIsSupportOpen] = useState(false);
  const openSupport = () => setIsSupportOpen(true);
  const Layout = isDesktop ? DesktopLayout : MobileLayout;
  return (
    <>
      <Layout {...props} onOpenSupport={openSupport} />
      <SupportPanel isOpen={isSupportOpen} onClose={() => setIsSupportOpen(false)} />
    </>
  );
}

export type LayoutProps = MemberLayoutProps & { onOpenSupport: () => void };
