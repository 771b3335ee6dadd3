import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { warmStart } from './app/warm-start';
import { initI18n } from './lib/i18n';
import './styles.css';

// A chunk or stylesheet that fails to preload rejects the page's import (Vite throws unless the
// event is cancelled, and we do not cancel it), so the route shows its load error with a reload
// button. Logged here because the cause is otherwise only in the network panel.
window.addEventListener('vite:preloadError', (event) => {
  console.warn('preload failed', (event as Event & { payload?: unknown }).payload);
});

warmStart();
await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
