import { StrictMode, startTransition } from 'react';
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
// A transition: React renders the first page in slices of a few milliseconds, so a slow phone's
// main thread stays free for input (and for the login page painted from HTML, decision 028).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
