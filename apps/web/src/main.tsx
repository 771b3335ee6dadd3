import { StrictMode, startTransition } from 'react';
import { warmStart } from './boot/warm-start';
import { initI18n } from './lib/i18n';
import './styles.css';

// A chunk or stylesheet that fails to preload rejects the page's import (Vite throws unless the
// event is cancelled, and we do not cancel it), so the route shows its load error with a reload
// button. Logged here because the cause is otherwise only in the network panel.
window.addEventListener('vite:preloadError', (event) => {
  console.warn('preload failed', (event as Event & { payload?: unknown }).payload);
});

/**
 * What follows runs in a task of its own. Evaluating the whole app at once was one task of 35 to
 * 120 ms after the first paint (decision 033): React DOM, then the router and the app's shell, each
 * evaluate in their own task, and the page's input and paint get a turn between them. Their files
 * are asked for by the page's head script beside this one (vite.config.ts, appScripts), so the
 * imports below wait for nothing but evaluation.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

warmStart();
const texts = initI18n();
await nextTask();
const { createRoot } = await import('react-dom/client');
await nextTask();
const { App } = await import('./app/app');
await texts;
// A transition: React renders the first page in slices of a few milliseconds, so a slow phone's
// main thread stays free for input (and for the page painted from HTML, decision 039).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
