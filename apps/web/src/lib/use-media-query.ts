import { useCallback, useSyncExternalStore } from 'react';

/** Desktop and mobile layouts switch at this width (styles.css uses the same breakpoint). */
export const desktopQuery = '(min-width: 768px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
