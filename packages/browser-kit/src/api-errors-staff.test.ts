// Proves the error catalogue (spec section 8 with decisions.md) for staff calls, row by row.
import { describe, expect, it } from 'vitest';
import { classifyAnswer, type Answer } from './api-errors';

const knows = (known: string[]) => (key: string) => known.includes(key);
const http = (status: number, body: Record<string, unknown> | null): Answer => ({ kind: 'http', status, body });

describe('classifyAnswer', () => {
  it('treats code 20000 with HTTP 2xx as success', () => {
    expect(classifyAnswer(http(200, { code: 20000, message: 'ok', data: 'x' }), knows([]))).toEqual({ kind: 'success' });
  });

  it('turns 87321 into the expired-login flow, with or without HTTP 401', () => {
    expect(classifyAnswer(http(401, { code: 87321, message: 'expired', error: 'auth.expired' }), knows([]))).toEqual({
      kind: 'expired',
      message: { key: 'api.expired' },
    });
    expect(classifyAnswer(http(200, { code: 87321 }), knows([])).kind).toBe('expired');
  });

  it('translates a known error key with its params', () => {
    expect(classifyAnswer(http(200, { code: 9001, message: 'x', error: 'auth.locked', params: { minutes: 15 } }), knows(['errors.auth.locked']))).toEqual({
      kind: 'error',
      message: { key: 'errors.auth.locked', params: { minutes: 15 } },
      closeToasts: false,
    });
  });

  it("shows the server's words for an error key the client does not know yet", () => {
    expect(classifyAnswer(http(200, { code: 9001, message: 'Brand new refusal', error: 'staff.newThing' }), knows([]))).toEqual({
      kind: 'error',
      message: { text: 'Brand new refusal' },
      closeToasts: false,
    });
  });

  it('prefers the validation key of an invalid request, else the server text, never a bare key', () => {
    const body = { code: 9001, error: 'request.invalid', field: 'reason', validation: 'validation.enterReason', message: 'Please enter a reason' };
    expect(
      classifyAnswer(http(200, body), knows(['validation.enterReason'])).kind === 'error' && classifyAnswer(http(200, body), knows(['validation.enterReason'])),
    ).toMatchObject({
      message: { key: 'validation.enterReason' },
    });
    expect(classifyAnswer(http(200, body), knows([]))).toMatchObject({ message: { text: 'Please enter a reason' } });
    expect(classifyAnswer(http(200, { ...body, message: 'validation.enterReason' }), knows([]))).toMatchObject({ message: { key: 'errors.request.invalid' } });
  });

  it('never ignores another code silently', () => {
    expect(classifyAnswer(http(200, { code: 12345, message: 'odd' }), knows([]))).toMatchObject({ kind: 'error', message: { text: 'odd' } });
    expect(classifyAnswer(http(200, { code: 12345 }), knows([]))).toMatchObject({ kind: 'error', message: { key: 'api.busy' } });
  });

  it('closes other toasts on a 401 that is not 87321', () => {
    expect(classifyAnswer(http(401, { code: 9001, message: 'no' }), knows([]))).toMatchObject({ kind: 'error', closeToasts: true });
  });

  it('uses the status text for HTTP errors without a usable key, 404 as "address not found"', () => {
    expect(classifyAnswer(http(404, null), knows([]))).toMatchObject({ message: { key: 'api.notFound' } });
    expect(classifyAnswer(http(403, null), knows([]))).toMatchObject({ message: { key: 'api.forbidden' } });
    expect(classifyAnswer(http(502, null), knows([]))).toMatchObject({ message: { key: 'api.badGateway' } });
    expect(classifyAnswer(http(418, null), knows([]))).toMatchObject({ message: { key: 'api.busy' } });
  });

  it('lets a known error key win over the status text', () => {
    expect(classifyAnswer(http(400, { code: 9001, error: 'envelope.stale' }), knows(['errors.envelope.stale']))).toMatchObject({
      message: { key: 'errors.envelope.stale' },
    });
  });

  it('asks for a reload when the server key changed', () => {
    expect(classifyAnswer(http(400, { code: 9001, error: 'envelope.unknownKey' }), knows([])).kind).toBe('reload');
  });

  it('maps a timeout and a network failure', () => {
    expect(classifyAnswer({ kind: 'timeout' }, knows([]))).toMatchObject({ message: { key: 'api.timeout' } });
    expect(classifyAnswer({ kind: 'network' }, knows([]))).toMatchObject({ message: { key: 'api.busy' } });
  });
});
