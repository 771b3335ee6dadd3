import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { DisclosureMenu } from '@pp/browser-kit';
import { Icon } from '../ui/icon';
import { Brand } from './brand';
import { LanguageMenu } from './language-menu';
import type { LayoutProps } from './layout-props';
import { settingsMenuLinks, sideNavItems, topNavItems } from './nav-items';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import { UnreadBadge } from './unread-badge';
import { SupportUnreadBadge } from '../../features/support/components/unread-badge';

export function DesktopLayout({ userName, flags, onLogout, isLoggingOut, onOpenSupport, unreadCount, children }: LayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="member-shell">
      <SkipLink />
      <header className="topbar">
        <div className="topbar-row container">
          <Brand to={paths.dashboard} />
          <div className="topbar-actions">
            {userName ? (
              <span className="user-chip">
                <Icon name="user" size={18} />
                <span className="visually-hidden">{t('nav.signedInAs', { name: userName })}</span>
                <span aria-hidden="true">{userName}</span>
              </span>
            ) : null}
            <DisclosureMenu label={t('nav.settingsMenu')} triggerClassName="icon-btn" trigger={<Icon name="settings" />}>
              {(close) => (
                <ul className="menu-list">
                  {settingsMenuLinks().map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} className="menu-item" onClick={close}>
                        <Icon name={item.icon} size={18} />
                        {t(`nav.${item.label}`)}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <button
                      type="button"
                      className="menu-item"
                      onClick={() => {
                        close();
                        onOpenSupport();
                      }}
                    >
                      <Icon name="support" size={18} />
                      {t('nav.customerService')}
                      <SupportUnreadBadge />
                    </button>
                  </li>
                </ul>
              )}
            </DisclosureMenu>
            <Link
              to={paths.notification}
              className="icon-btn icon-btn-badged"
              aria-label={unreadCount > 0 ? t('notifications.buttonUnread', { count: unreadCount }) : t('nav.notifications')}
              title={t('nav.notifications')}
            >
              <Icon name="bell" />
              <UnreadBadge count={unreadCount} />
            </Link>
            <LanguageMenu />
            <button type="button" className="btn btn-secondary btn-small" onClick={onLogout} disabled={isLoggingOut} aria-busy={isLoggingOut || undefined}>
              <Icon name="logout" size={18} />
              <span>{isLoggingOut ? t('nav.loggingOut') : t('nav.logout')}</span>
            </button>
          </div>
        </div>
        <nav className="topnav" aria-label={t('nav.main')}>
          <ul className="topnav-list container">
            {topNavItems(flags).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="topnav-link">
                  {t(`nav.${item.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="member-body container">
        <nav className="sidenav" aria-label={t('nav.section')}>
          <ul>
            {sideNavItems(flags).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="sidenav-link">
                  <Icon name={item.icon} size={18} />
                  {t(`nav.${item.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="member-main">
          {children}
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
