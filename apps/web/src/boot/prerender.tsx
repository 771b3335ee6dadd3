/**
 * The pages of a first load as HTML, made at build time with React DOM's server renderer
 * (decision 039, after 028). A first visit has no session and always shows /#/login, but a
 * client-rendered page paints nothing until React DOM, the router and the page's chunks have
 * downloaded and run. `write-copies.js` builds this file for Node (`vite build --ssr`), renders the
 * login page once per language and puts the five results in dist/index.html as inert <template>s;
 * a small inline script there copies the right one into #first-paint while the HTML is parsed (no
 * session token, path "/" or "/login"), so the form paints with the stylesheet. The app then
 * renders into #root (createRoot, README.md says why not hydrateRoot) and removes the copy in the
 * same commit (hand-over.ts): no frame shows both, none shows neither, and what a visitor typed
 * meanwhile is carried over.
 */
import type { Language } from '@pp/contract';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AuthLayout } from '../components/layouts/auth-layout';
import { LoginPage } from '../features/auth/pages/login';
import { replaceTexts } from '../lib/i18n';
import { withStoredLanguage } from './member-paint';
import { paths } from '../lib/paths';

// The member's home is rendered by the same Node build (decision 032, kept by 039).
export { renderMemberPaint } from './member-paint';

/** The login page in `language`, given that language's shell texts (locales/<lang>.json). */
export function renderLoginCopy(language: Language, texts: object): string {
  withStoredLanguage(language);
  replaceTexts(texts);
  const html = renderToString(
    <MemoryRouter initialEntries={[paths.login]}>
      <AuthLayout>
        <LoginPage />
      </AuthLayout>
    </MemoryRouter>,
  );
  // The app routes by the fragment (#/forgot); a memory router writes plain paths (/forgot).
  return html.replace(/href="\/(?!\/)/g, 'href="#/');
}
