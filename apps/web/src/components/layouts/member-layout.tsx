import { useCallback, useMemo, useRef, useState } from 'react';
import { desktopQuery, useMediaQuery } from '../../lib/use-media-query';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';
import type { MemberLayoutProps } from './layout-props';
import { SupportPanel } from './support-panel';
import { SupportOpenerContext } from './support-opener';
import { LogoutActionContext } from './logout-action';

export type { MemberLayoutProps } from './layout-props';

/** The logged-in frame: desktop and mobile differ here, at layout level, not in the pages. */
export function MemberLayout(props: MemberLayoutProps) {
  const isDesktop = useMediaQuery(desktopQuery);
  const [isSupportOpen, setIsSupportOpen] = useState(false);
  // What opened the chat gets focus back when it closes. An entry of a menu goes away with the
  // menu, so then the menu's own button does (the dialog alone would give focus to the page).
  const openerRef = useRef<HTMLElement | null>(null);
  const openSupport = useCallback(() => {
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const menuButton = active?.closest('.menu')?.querySelector<HTMLElement>(':scope > button');
    openerRef.current = menuButton ?? active;
    setIsSupportOpen(true);
  }, []);
  const closeSupport = useCallback(() => {
    setIsSupportOpen(false);
    const opener = openerRef.current;
    openerRef.current = null;
    // After the dialog has closed (its own focus return runs first).
    if (opener) setTimeout(() => opener.isConnected && opener.focus(), 0);
  }, []);
  const { onLogout, isLoggingOut } = props;
  const logoutAction = useMemo(() => ({ logOut: onLogout, isLoggingOut }), [onLogout, isLoggingOut]);
  const Layout = isDesktop ? DesktopLayout : MobileLayout;
  return (
    <>
      <SupportOpenerContext value={openSupport}>
        <LogoutActionContext value={logoutAction}>
          <Layout {...props} onOpenSupport={openSupport} />
        </LogoutActionContext>
      </SupportOpenerContext>
      <SupportPanel isOpen={isSupportOpen} onClose={closeSupport} />
    </>
  );
}
