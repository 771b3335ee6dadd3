/**
 * Armed purchase permits, kept in this page's memory only (never in storage): a permit is a
 * bearer right to buy once, and useless after its short life anyway. They live per sale outside
 * any component, beside the request id of the sale's purchase, so that leaving /code for a moment
 * and coming back keeps both, and the flash panel of /package and of /index share them. A retry
 * of a purchase whose answer was lost reuses the same request id, so it returns that purchase
 * instead of buying twice.
 */
import { useSyncExternalStore } from 'react';
import { createRequestIdTracker, type RequestIdTracker } from '@pp/browser-kit';

export interface ArmedPermit {
  permit: string;
  /** Server time (ms) until which the server accepts it. */
  expiresAt: number;
}

const permits = new Map<string, ArmedPermit>();
const trackers = new Map<string, RequestIdTracker>();
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export function setPermit(saleId: string, permit: ArmedPermit): void {
  permits.set(saleId, permit);
  notify();
}

/** The permit was used, refused or replaced: the member arms again. */
export function dropPermit(saleId: string): void {
  if (permits.delete(saleId)) notify();
}

/** One idempotency key per purchase attempt of a sale, kept across retries of that attempt. */
export function purchaseRequestIds(saleId: string): RequestIdTracker {
  let tracker = trackers.get(saleId);
  if (!tracker) {
    tracker = createRequestIdTracker();
    trackers.set(saleId, tracker);
  }
  return tracker;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The member's armed permit for a sale, or null. */
export function usePermit(saleId: string): ArmedPermit | null {
  return useSyncExternalStore(subscribe, () => permits.get(saleId) ?? null);
}
