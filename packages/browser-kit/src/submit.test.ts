import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { runSubmission, showRefusal, type SubmitOptions } from './submit';

type Field = 'amount' | 'reason';

/** What a form ends up showing for one failed write. */
function shown(error: unknown, options: SubmitOptions<Field> = {}) {
  const under: Array<[Field, string]> = [];
  const formErrors: Array<string | null> = [];
  const onRefused = vi.fn();
  showRefusal(
    error,
    {
      fieldOf: (e) => (e.details.field === 'amount' || e.details.field === 'reason' ? e.details.field : e.errorKey === 'wallet.tooLow' ? 'amount' : null),
      showFieldError: (field, message) => under.push([field, message]),
      onRefused,
      ...options,
    },
    (text) => formErrors.push(text),
  );
  return { under, formErrors, refused: onRefused.mock.calls.length };
}

describe('showRefusal', () => {
  it('puts a refusal under the field the server names, with the note above the buttons', () => {
    const error = new ApiError('http', 'Amount too large', { field: 'amount' });
    expect(shown(error, { fieldErrorNote: 'Correct the fields' })).toEqual({
      under: [['amount', 'Amount too large']],
      formErrors: ['Correct the fields'],
      refused: 1,
    });
  });

  it('without a note, a field refusal leaves nothing above the buttons', () => {
    const error = new ApiError('http', 'Reason required', { field: 'reason' });
    expect(shown(error)).toEqual({ under: [['reason', 'Reason required']], formErrors: [null], refused: 1 });
  });

  it('maps an error key to a field when the form says so', () => {
    const error = new ApiError('business', 'Balance too low', { errorKey: 'wallet.tooLow' });
    expect(shown(error).under).toEqual([['amount', 'Balance too low']]);
  });

  it('shows a refusal no field takes above the buttons', () => {
    const error = new ApiError('business', 'Sale already closed', { errorKey: 'sale.closed', field: 'other' });
    expect(shown(error, { fieldErrorNote: 'Correct the fields' })).toEqual({ under: [], formErrors: ['Sale already closed'], refused: 1 });
    expect(shown(error, { fieldOf: undefined })).toEqual({ under: [], formErrors: ['Sale already closed'], refused: 1 });
  });

  it('shows nothing for a cancelled or expired request', () => {
    for (const kind of ['aborted', 'expired'] as const) {
      expect(shown(new ApiError(kind, 'gone', { field: 'amount' }))).toEqual({ under: [], formErrors: [], refused: 0 });
    }
  });

  it('throws anything but an ApiError again', () => {
    const bug = new TypeError('x is undefined');
    expect(() => shown(bug)).toThrow(bug);
  });
});

describe('runSubmission', () => {
  function hooks() {
    const busy: boolean[] = [];
    const refused: unknown[] = [];
    return { busy, refused, setBusy: (b: boolean) => busy.push(b), refuse: (e: unknown) => refused.push(e), clear: vi.fn() };
  }

  it('sends, hands the answer to onDone, and reports pending around it', async () => {
    const h = hooks();
    const onDone = vi.fn();
    expect(await runSubmission({ isRunning: false }, async () => 42, onDone, h)).toBe(true);
    expect(onDone).toHaveBeenCalledWith(42);
    expect(h.busy).toEqual([true, false]);
    expect(h.clear).toHaveBeenCalledOnce();
  });

  it('drops a second submit while one runs (no double submit)', async () => {
    const gate = { isRunning: false };
    let release!: () => void;
    const send = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const first = runSubmission(gate, send, undefined, hooks());
    expect(await runSubmission(gate, send, undefined, hooks())).toBe(false);
    expect(send).toHaveBeenCalledOnce();
    release();
    expect(await first).toBe(true);
    expect(gate.isRunning).toBe(false);
  });

  it('a refusal goes to refuse, skips onDone and frees the gate', async () => {
    const gate = { isRunning: false };
    const h = hooks();
    const onDone = vi.fn();
    const refusal = new ApiError('business', 'no');
    expect(await runSubmission(gate, () => Promise.reject(refusal), onDone, h)).toBe(false);
    expect(h.refused).toEqual([refusal]);
    expect(onDone).not.toHaveBeenCalled();
    expect(h.busy).toEqual([true, false]);
    expect(gate.isRunning).toBe(false);
  });
});
