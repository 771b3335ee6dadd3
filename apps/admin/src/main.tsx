import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import './styles.css';

// A chunk that fails to preload rejects the page's import, so the route shows its load error
// with a reload button; logged here because the cause is otherwise only in the network panel.
window.addEventListener('vite:preloadError', (event) => {
  console.warn('preload failed', (event as Event & { payload?: unknown }).payload);
});

await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
