import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { Brand } from './brand';
import { LanguageMenu } from './language-menu';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

/** Login, register, forgot password, terms and 404: one centred column. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth-shell">
      <SkipLink />
      <header className="auth-header">
        <Brand to={paths.login} />
        <LanguageMenu />
      </header>
      <main id="main" tabIndex={-1} className="auth-main">
        <p className="auth-tagline">{t('app.tagline')}</p>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
