// Proves that one submission keeps its request id across retries and a new one starts fresh.
import { describe, expect, it } from 'vitest';
import { createRequestIdTracker, sendWithKey } from './request-id';

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

describe('sendWithKey', () => {
  /** A write whose answers are given in turn: 'ok', or a refusal. */
  function writer(answers: Array<'ok' | 'refused'>) {
    const keys: string[] = [];
    const send = async (payload: { amount: string }, requestId: string) => {
      keys.push(requestId);
      if (answers.shift() === 'refused') throw new Error('refused');
      return `done ${payload.amount}`;
    };
    return { keys, send };
  }

  it('sends with the key of the payload and hands the answer back', async () => {
    const tracker = createRequestIdTracker(counter());
    const { keys, send } = writer(['ok']);
    expect(await sendWithKey(tracker, { amount: '10' }, send)).toBe('done 10');
    expect(keys).toEqual(['id-1']);
  });

  it('keeps the key for a retry of the same payload after a refusal or a lost answer', async () => {
    const tracker = createRequestIdTracker(counter());
    const { keys, send } = writer(['refused', 'ok']);
    await expect(sendWithKey(tracker, { amount: '10' }, send)).rejects.toThrow('refused');
    await sendWithKey(tracker, { amount: '10' }, send);
    expect(keys).toEqual(['id-1', 'id-1']);
  });

  it('a changed payload, or the next one after success, gets a new key', async () => {
    const tracker = createRequestIdTracker(counter());
    const { keys, send } = writer(['refused', 'ok', 'ok']);
    await expect(sendWithKey(tracker, { amount: '10' }, send)).rejects.toThrow('refused');
    await sendWithKey(tracker, { amount: '12' }, send);
    await sendWithKey(tracker, { amount: '12' }, send);
    expect(keys).toEqual(['id-1', 'id-2', 'id-3']);
  });
});
