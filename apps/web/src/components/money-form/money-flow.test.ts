import { describe, expect, it, vi } from 'vitest';
import { createRequestIdTracker, runSubmission } from '@pp/browser-kit';
import { sendConfirmed } from './money-flow';

/** A member's confirmations sent through the kit's submission gate, as useMoneyForm sends them. */
function setup(answers: Array<'ok' | 'refused'>) {
  let next = 0;
  const tracker = createRequestIdTracker(() => `id-${++next}`);
  const sent: Array<{ body: unknown; requestId: string }> = [];
  const events: string[] = [];
  const plan = {
    send: vi.fn(async (body: { amount: string }, requestId: string) => {
      sent.push({ body, requestId });
      if (answers.shift() === 'refused') throw new Error('refused');
      return { status: 'approved' };
    }),
    onRefused: vi.fn(() => events.push('refused')),
    onDone: vi.fn((answer: { status: string }, body: { amount: string }) => {
      events.push(`done ${answer.status} ${body.amount}`);
    }),
  };
  const gate = { isRunning: false };
  const confirm = (body: { amount: string }) =>
    runSubmission(gate, () => sendConfirmed(body, plan, tracker, () => events.push('closed')), undefined, {
      setBusy: () => {},
      refuse: () => {},
      clear: () => {},
    });
  return { confirm, sent, events, plan, gate };
}

describe('sendConfirmed', () => {
  it('sends the confirmed request, closes the confirmation, then hands the answer on', async () => {
    const { confirm, sent, events } = setup(['ok']);
    expect(await confirm({ amount: '10' })).toBe(true);
    expect(sent).toEqual([{ body: { amount: '10' }, requestId: 'id-1' }]);
    expect(events).toEqual(['closed', 'done approved 10']);
  });

  it('keeps the idempotency key when the same confirmation is sent again after a refusal', async () => {
    const { confirm, sent, events } = setup(['refused', 'ok']);
    expect(await confirm({ amount: '10' })).toBe(false);
    expect(await confirm({ amount: '10' })).toBe(true);
    expect(sent.map((s) => s.requestId)).toEqual(['id-1', 'id-1']);
    expect(events).toEqual(['closed', 'refused', 'closed', 'done approved 10']);
  });

  it('a changed request, or the next one after success, gets a new key', async () => {
    const { confirm, sent } = setup(['refused', 'ok', 'ok']);
    await confirm({ amount: '10' });
    await confirm({ amount: '12' });
    await confirm({ amount: '12' });
    expect(sent.map((s) => s.requestId)).toEqual(['id-1', 'id-2', 'id-3']);
  });

  it('a second confirmation while one is being sent is dropped', async () => {
    const { confirm, sent, plan } = setup(['ok', 'ok']);
    const first = confirm({ amount: '10' });
    const second = confirm({ amount: '10' });
    expect(await second).toBe(false);
    expect(await first).toBe(true);
    expect(sent).toHaveLength(1);
    expect(plan.onDone).toHaveBeenCalledTimes(1);
  });
});
