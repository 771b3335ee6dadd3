/**
 * Idempotency keys for writes (conventions 6). One submission keeps one id across its retries,
 * so a retry after a lost answer cannot act twice; a changed input is a new submission and gets
 * a new id (the server would refuse the old id with a different input); success ends it.
 */
import { useState } from 'react';

export interface RequestIdTracker {
  /** The id for this payload: the pending one when the payload is unchanged, else a new one. */
  idFor(payload: unknown): string;
  /** The submission succeeded: the next one gets a new id. */
  reset(): void;
}

export function createRequestIdTracker(newId: () => string = () => crypto.randomUUID()): RequestIdTracker {
  let pending: { id: string; fingerprint: string } | null = null;
  return {
    idFor(payload) {
      const fingerprint = JSON.stringify(payload);
      if (pending?.fingerprint !== fingerprint) pending = { id: newId(), fingerprint };
      return pending.id;
    },
    reset() {
      pending = null;
    },
  };
}

/**
 * Sends one write with its idempotency key, the one place a key is taken and spent: the pending
 * key when the same payload is sent again (a retry after a refusal or a lost answer), a new key
 * for another payload, and spent as soon as the server accepted it, so the next submission gets a
 * new one. A refusal keeps the key and is thrown on.
 */
export async function sendWithKey<P, T>(tracker: RequestIdTracker, payload: P, send: (payload: P, requestId: string) => Promise<T>): Promise<T> {
  const answer = await send(payload, tracker.idFor(payload));
  tracker.reset();
  return answer;
}

/** One tracker per form, kept for the form's lifetime. */
export function useRequestId(): RequestIdTracker {
  const [tracker] = useState(() => createRequestIdTracker());
  return tracker;
}
