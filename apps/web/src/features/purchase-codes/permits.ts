/**
 * Armed purchase permits, kept in this page's memory only (never in storage): a permit is a
 * bearer right to buy once, and it is useless after its short life anyway. Kept per sale beside
 * the request id of its purchase, outside any component, so leaving /code for a moment and
 * coming back keeps both (the server would refuse a second permit's purchase of the same intent
 * only after it is re-armed). A retry of a purchase whose answer was lost reuses the same
 * request id, so it cannot buy twice.
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
