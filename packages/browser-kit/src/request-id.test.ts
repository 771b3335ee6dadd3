// Proves that one submission keeps its request id across retries and a new one starts fresh.
import { describe, expect, it } from 'vitest';
import { createRequestIdTracker } from './request-id';

function counter() {
  let n = 0;
  return () => `id-${++n}`;
}

describe('request id tracker', () => {
  it('keeps the id while the same payload is retried', () => {
    const tracker = createRequestIdTracker(counter());
    expect(tracker.idFor({ amount: '10' })).toBe('id-1');
    expect(tracker.idFor({ amount: '10' })).toBe('id-1');
  });

  it('gives a new id when the input changes', () => {
    const tracker = createRequestIdTracker(counter());
    tracker.idFor({ amount: '10' });
    expect(tracker.idFor({ amount: '11' })).toBe('id-2');
  });

  it('gives a new id after success, even for the same input', () => {
    const tracker = createRequestIdTracker(counter());
    tracker.idFor({ amount: '10' });
    tracker.reset();
    expect(tracker.idFor({ amount: '10' })).toBe('id-2');
  });

  it('makes UUIDs by default', () => {
    expect(createRequestIdTracker().idFor({})).toMatch(/^[0-9a-f-]{36}$/);
  });
});
