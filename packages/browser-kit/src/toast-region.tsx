import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { closeToast, getToasts, subscribeToasts } from './toast';
import { Icon } from './icon';

/** Space between the page's header and the first toast. */
const gapBelowHeaderPx = 12;

/** The bottom of the first header shown (one painted before the app and hidden since has no size), or null. */
function headerBottom(): number | null {
  for (const header of Array.from(document.querySelectorAll('header'))) {
    const box = header.getBoundingClientRect();
    if (box.height > 0) return box.bottom;
  }
  return null;
}

/**
 * Keeps the toasts just below the page's header (the first `header` shown: the layout's top bar
 * on desktop and phone, the sign-in pages' bar), so a message never covers the header's controls
 * (the user name, the menus). While toasts are shown it is placed again whenever the page changes
 * (a sign-in's message outlives the sign-in page and its header), the header changes size, the
 * window is resized or the page scrolls (a header that scrolls away leaves the toasts at the top);
 * written straight to the element, so no frame is painted with the toasts over the new header.
 * Without a header the stylesheet's place stands.
 */
function usePlaceBelowHeader(region: RefObject<HTMLDivElement | null>, isShowing: boolean): void {
  useLayoutEffect(() => {
    const element = region.current;
    if (!isShowing || !element) return undefined;
    let observed: Element | null = null;
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => place()) : null;
    const place = () => {
      const bottom = headerBottom();
      const top = bottom === null ? '' : `${Math.max(0, Math.round(bottom)) + gapBelowHeaderPx}px`;
      if (element.style.top !== top) element.style.top = top;
      const header = document.querySelector('header');
      if (resized && header !== observed) {
        if (observed) resized.unobserve(observed);
        if (header) resized.observe(header);
        observed = header;
      }
    };
    place();
    const changed = new MutationObserver(place);
    changed.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'hidden', 'style'] });
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true, capture: true });
    return () => {
      changed.disconnect();
      resized?.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [region, isShowing]);
}

/** Renders the toast store; a live region so screen readers hear each message. */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  const region = useRef<HTMLDivElement>(null);
  usePlaceBelowHeader(region, toasts.length > 0);
  return (
    <div ref={region} className="toast-region" role="region" aria-label={t('toast.region')}>
      <div aria-live="polite" aria-atomic="false" className="toast-stack">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            <span className="toast-icon">
              <Icon name={toast.kind === 'error' ? 'alert' : 'check'} size={14} />
            </span>
            <p className="toast-text">{toast.text}</p>
            <button type="button" className="toast-close" aria-label={t('toast.close')} onClick={() => closeToast(toast.id)}>
              <Icon name="close" size={16} />
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
