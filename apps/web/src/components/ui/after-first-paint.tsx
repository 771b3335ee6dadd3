import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children after the rest of the page has been committed: Preact runs the effect
 * after the next frame (decision 034), and the children render in a task of their own, so the
 * browser paints what is already there and takes input in between. A page puts here what lies
 * below its first screen, so the first paint (and its largest element) waits for less work, and
 * no single long task builds the whole page on a phone (decision 029). No timer of ours: when no
 * frame comes (a tab in the background), Preact runs effects after 35 ms anyway, so such a tab
 * still gets the whole page. Nothing above may depend on the size of what comes here: it appears
 * below what is already on screen and moves nothing. The state change stays a transition: under
 * React it would yield in slices, and a plain setState in an effect is what react-hooks refuses.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    startTransition(() => setIsReady(true));
  }, []);
  return isReady ? children : null;
}
