import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { warmStart } from './app/warm-start';
import { initI18n } from './lib/i18n';
import './styles.css';

// A chunk or stylesheet that fails to preload rejects the page's import (Vite throws unless the
// event is cancelled, and we do not cancel it), so the route shows its load error with a reload
// button. Logged here because the cause is otherwise only in the network panel.
window.addEventListener('vite:preloadError', (event) => {
  console.warn('preload failed', (event as Event & { payload?: unknown }).payload);
});

/**
 * What follows runs in a task of its own, and the app's modules evaluate in another: evaluating the
 * whole app at once was one task of 35 to 120 ms after the first paint (decision 033). The app's
 * chunk is asked for by the page's head script beside this one (vite.config.ts, appScripts), so
 * the import below waits for nothing but evaluation. The renderer is Preact through its React
 * compatibility layer (decision 034): `react` and `react-dom` resolve to it in vite.config.ts.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

warmStart();
const texts = initI18n();
await nextTask();
const { App } = await import('./app/app');
await texts;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
