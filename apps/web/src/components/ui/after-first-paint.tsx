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

/**
 * False in the first render, true once the browser has painted it: an animation frame, then a
 * task, by which time that frame is on screen. A tab in the background gets no frames, so there a
 * timer makes it true after `fallbackMs`. For requests nothing on the first screen needs (the
 * header's unread count, the support configuration), so they do not compete with those it does
 * and come after the largest paint (decision 031).
 */
export function useHasPainted(fallbackMs = 1000): boolean {
  const [hasPainted, setHasPainted] = useState(false);
  useEffect(() => {
    let afterFrame: ReturnType<typeof setTimeout> | undefined;
    const done = () => setHasPainted(true);
    const frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, fallbackMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(fallback);
    };
  }, [fallbackMs]);
  return hasPainted;
}
