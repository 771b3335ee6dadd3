import { useId } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { DisclosureMenu } from '@pp/browser-kit';
import { Icon } from '../ui/icon';
import { Brand } from './brand';
import { LanguageOptions } from './language-menu';
import type { LayoutProps } from './layout-props';
import { footerTabs, mobileMenuLinks } from './nav-items';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import { UnreadBadge } from './unread-badge';
import { SupportUnreadBadge } from '../../features/support/components/unread-badge';

export function MobileLayout({ userName, flags, onLogout, isLoggingOut, onOpenSupport, unreadCount, children }: LayoutProps) {
  const { t } = useTranslation();
  const languageHeadingId = useId();
  return (
    <div className="member-shell member-shell-mobile">
      <SkipLink />
      <header className="mobile-header">
        <Brand to={paths.dashboard} />
        <Link
          to={paths.notification}
          className="icon-btn icon-btn-badged mobile-bell"
          aria-label={unreadCount > 0 ? t('notifications.buttonUnread', { count: unreadCount }) : t('nav.notifications')}
        >
          <Icon name="bell" size={22} />
          <UnreadBadge count={unreadCount} />
        </Link>
        <DisclosureMenu label={t('nav.openMenu')} triggerClassName="icon-btn" trigger={<Icon name="menu" size={24} />}>
          {(close) => (
            <div className="mobile-menu">
              {userName ? <p className="mobile-menu-user">{t('nav.signedInAs', { name: userName })}</p> : null}
              <ul className="menu-list">
                {mobileMenuLinks(flags).map((item) => (
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
              <p className="menu-heading" id={languageHeadingId}>
                {t('language.label')}
              </p>
              <div role="group" aria-labelledby={languageHeadingId}>
                <LanguageOptions onChosen={close} />
              </div>
              <ul className="menu-list menu-list-last">
                <li>
                  <button type="button" className="menu-item menu-item-danger" onClick={onLogout} disabled={isLoggingOut}>
                    <Icon name="logout" size={18} />
                    {isLoggingOut ? t('nav.loggingOut') : t('nav.logout')}
                  </button>
                </li>
              </ul>
            </div>
          )}
        </DisclosureMenu>
      </header>
      <main id="main" tabIndex={-1} className="mobile-main">
        {children}
      </main>
      <SiteFooter />
      <nav className="tabbar" aria-label={t('nav.tabs')}>
        <ul>
          {footerTabs().map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={item.to === paths.dashboard ? 'tab tab-home' : 'tab'}>
                <span className="tab-icon">
                  <Icon name={item.icon} size={item.to === paths.dashboard ? 24 : 20} />
                </span>
                <span className="tab-label">{t(`nav.${item.label}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
