import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children after the rest of the page has been committed: the effect runs once the
 * first screen is on its way to the screen, and the children render in a transition, which
 * yields to the browser (so it paints what is already there) and to input. A page puts here what
 * lies below its first screen, so the first paint (and its largest element) waits for less work,
 * and no single long task builds the whole page on a phone (decision 029). No timer or animation
 * frame: a tab in the background still gets the whole page. Nothing above may depend on the size
 * of what comes here: it appears below what is already on screen and moves nothing.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    startTransition(() => setIsReady(true));
  }, []);
  return isReady ? children : null;
}
