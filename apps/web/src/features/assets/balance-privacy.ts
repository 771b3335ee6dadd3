/**
 * The "hide balances" eye: one choice per device (local storage, so it survives a reload and a
 * new tab, as wallet apps do), read by every figure that shows a balance. No React here: the
 * painted home (boot/member-paint-start.ts) reads it before the app runs, so a hidden balance
 * never shows for the moment before the app takes over.
 */
import { readDevicePreference, writeDevicePreference } from '@pp/browser-kit/storage';

const storageKey = 'hideBalances';
/** What a hidden figure shows: a mark, not a word, so it needs no translation. */
export const hiddenFigure = '••••';

const listeners = new Set<() => void>();

export function areBalancesHidden(): boolean {
  return readDevicePreference(storageKey) === '1';
}

export function setBalancesHidden(isHidden: boolean): void {
  writeDevicePreference(storageKey, isHidden ? '1' : null);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: this tab's changes, and another tab's through the storage event. */
export function subscribeBalancesHidden(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === `pp.${storageKey}`) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
