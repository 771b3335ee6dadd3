import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffProfile } from '@pp/contract';
import { Badge } from '../ui/badge';
import { Icon } from '../ui/icon';
import { LanguageMenu } from './language-menu';
import { visibleNavItems } from './nav-items';

interface StaffLayoutProps {
  staff: StaffProfile;
  onLogout: () => void;
  isLoggingOut: boolean;
  children: ReactNode;
}

/**
 * Sidebar, header and main area. Below 900px the sidebar becomes a panel behind the menu
 * button; it closes on navigation and on Escape.
 */
export function StaffLayout({ staff, onLogout, isLoggingOut, children }: StaffLayoutProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const items = visibleNavItems(staff.permissions);

  // A new screen closes the phone menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setIsMenuOpen(false);
  }

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMenuOpen]);

  return (
    <div className={isMenuOpen ? 'shell is-menu-open' : 'shell'}>
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <button
          type="button"
          className="icon-btn menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls="sidebar"
          aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setIsMenuOpen((v) => !v)}
        >
          <Icon name={isMenuOpen ? 'close' : 'menu'} />
        </button>
        <span className="brand">{t('app.name')}</span>
        <div className="topbar-end">
          <span className="who">
            <span className="who-name">{staff.userName}</span>
            <Badge tone={staff.role === 'admin' ? 'danger' : staff.role === 'finance' ? 'warning' : staff.role === 'support' ? 'info' : 'neutral'}>
              {t(`roles.${staff.role}`)}
            </Badge>
          </span>
          <LanguageMenu isCompact />
          <button type="button" className="btn btn-ghost" onClick={onLogout} disabled={isLoggingOut} aria-busy={isLoggingOut}>
            <Icon name="logout" />
            {/* Visually hidden on a phone, still the button's name. */}
            <span className="narrow-hidden">{isLoggingOut ? t('nav.loggingOut') : t('nav.logout')}</span>
          </button>
        </div>
      </header>
      <nav id="sidebar" className="sidebar" aria-label={t('nav.main')}>
        <ul className="nav-list">
          {items.map((item) => (
            <li key={item.id}>
              <NavLink to={item.to} className={({ isActive }) => (isActive ? 'nav-link is-active' : 'nav-link')}>
                <Icon name={item.icon} />
                <span>{t(`nav.${item.id}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {isMenuOpen ? <div className="backdrop" aria-hidden="true" onClick={() => setIsMenuOpen(false)} /> : null}
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
