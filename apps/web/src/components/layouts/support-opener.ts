import { createContext, useContext } from 'react';

/**
 * Opens the customer service dialog the member layout owns (support-panel.tsx), for entries inside
 * a page (the home's customer service tile, decision 040). Null outside the member layout.
 */
export const SupportOpenerContext = createContext<(() => void) | null>(null);

export function useSupportOpener(): (() => void) | null {
  return useContext(SupportOpenerContext);
}
