// Proves each row of the error catalogue (spec section 8 as amended by decisions.md).
import { describe, expect, it } from 'vitest';
import { serverMessages } from '@pp/contract';
import { classifyAnswer as classifyWith, type Answer } from './api-errors';

const validationKeys = Object.keys(serverMessages['en-US'].validation).map((k) => `validation.${k}`);
// The portal merges the contract's messages into its translations, so it knows every errors.* key.
const errorKeys = Object.keys(serverMessages['en-US'].errors).map((k) => `errors.${k}`);
const classifyAnswer = (answer: Answer) => classifyWith(answer, (key) => validationKeys.includes(key) || errorKeys.includes(key));

const http = (status: number, body: Extract<Answer, { kind: 'http' }>['body']): Answer => ({ kind: 'http', status, body });

describe('error catalogue', () => {
  it('code 20000 is success', () => {
    expect(classifyAnswer(http(200, { code: 20000, message: 'ok', data: 'x' } as never))).toEqual({ kind: 'success' });
  });

  it('code 9001 with a known error key shows the translated key with its params', () => {
    expect(classifyAnswer(http(200, { code: 9001, message: 'Locked', error: 'auth.locked', params: { minutes: 15 } }))).toEqual({
      kind: 'error',
      message: { key: 'errors.auth.locked', params: { minutes: 15 } },
      closeToasts: false,
    });
  });

  it('code 9001 with an unknown error key shows the server message', () => {
    expect(classifyAnswer(http(200, { code: 9001, message: 'Something new', error: 'brand.new' }))).toEqual({
      kind: 'error',
      message: { text: 'Something new' },
      closeToasts: false,
    });
  });

  it('any other non-20000 code is an error toast, never ignored', () => {
    expect(classifyAnswer(http(200, { code: 12345, message: 'Odd' }))).toEqual({
      kind: 'error',
      message: { text: 'Odd' },
      closeToasts: false,
    });
    expect(classifyAnswer(http(200, { code: 12345, message: '' }))).toEqual({
      kind: 'error',
      message: { key: 'api.busy' },
      closeToasts: false,
    });
  });

  it('code 87321 is the expired-login flow, with HTTP 401 or 200', () => {
    const expired = { kind: 'expired', message: { key: 'api.expired' } };
    expect(classifyAnswer(http(401, { code: 87321, message: 'expired', error: 'auth.expired' }))).toEqual(expired);
    expect(classifyAnswer(http(200, { code: 87321, message: 'expired' }))).toEqual(expired);
  });

  it('HTTP 401 without 87321 closes the toasts and shows the server message or "server is busy"', () => {
    expect(classifyAnswer(http(401, { code: 9001, message: 'Not allowed' }))).toEqual({
      kind: 'error',
      message: { text: 'Not allowed' },
      closeToasts: true,
    });
    expect(classifyAnswer(http(401, null))).toEqual({ kind: 'error', message: { key: 'api.busy' }, closeToasts: true });
  });

  it.each([
    [400, 'api.badRequest'],
    [403, 'api.forbidden'],
    [404, 'api.notFound'],
    [408, 'api.timeout'],
    [500, 'api.internal'],
    [501, 'api.notImplemented'],
    [502, 'api.badGateway'],
    [503, 'api.unavailable'],
    [504, 'api.gatewayTimeout'],
    [505, 'api.httpVersion'],
    [418, 'api.busy'],
    [429, 'api.busy'],
    [507, 'api.busy'],
  ])('HTTP %i shows %s', (status, key) => {
    expect(classifyAnswer(http(status, null))).toEqual({ kind: 'error', message: { key }, closeToasts: false });
    expect(classifyAnswer(http(status, { code: 9001, message: 'prose' }))).toEqual({
      kind: 'error',
      message: { key },
      closeToasts: false,
    });
  });

  it('an HTTP error with a known error key shows that key', () => {
    expect(classifyAnswer(http(400, { code: 9001, message: 'clock', error: 'envelope.stale' }))).toEqual({
      kind: 'error',
      message: { key: 'errors.envelope.stale', params: undefined },
      closeToasts: false,
    });
  });

  it('request.invalid with a known validation key shows that validation message', () => {
    expect(
      classifyAnswer(http(200, { code: 9001, message: 'Please enter the image code', error: 'request.invalid', validation: 'validation.enterCaptcha' })),
    ).toEqual({ kind: 'error', message: { key: 'validation.enterCaptcha' }, closeToasts: false });
    expect(
      classifyAnswer(http(200, { code: 9001, message: 'Request parameter error', error: 'request.invalid', validation: 'errors.request.invalid' })),
    ).toEqual({ kind: 'error', message: { key: 'errors.request.invalid', params: undefined }, closeToasts: false });
    expect(classifyAnswer(http(200, { code: 9001, message: 'New rule', error: 'request.invalid', validation: 'validation.brandNew' }))).toEqual({
      kind: 'error',
      message: { key: 'errors.request.invalid', params: undefined },
      closeToasts: false,
    });
  });

  it('a validation message keeps its placeholder values', () => {
    expect(
      classifyAnswer(
        http(200, { code: 9001, message: 'Minimum amount 10', error: 'request.invalid', validation: 'validation.minimumAmount', params: { x: '10' } }),
      ),
    ).toEqual({ kind: 'error', message: { key: 'validation.minimumAmount', params: { x: '10' } }, closeToasts: false });
  });

  it('a client timeout shows "request timeout"', () => {
    expect(classifyAnswer({ kind: 'timeout' })).toEqual({ kind: 'error', message: { key: 'api.timeout' }, closeToasts: false });
  });

  it('a network failure shows "server is busy"', () => {
    expect(classifyAnswer({ kind: 'network' })).toEqual({ kind: 'error', message: { key: 'api.busy' }, closeToasts: false });
  });

  it('envelope.unknownKey reloads the page', () => {
    expect(classifyAnswer(http(400, { code: 9001, message: 'reload', error: 'envelope.unknownKey' }))).toEqual({
      kind: 'reload',
      message: { key: 'errors.envelope.unknownKey' },
    });
  });

  it('params keep only strings and numbers', () => {
    const outcome = classifyAnswer(http(200, { code: 9001, message: '', error: 'rate.limited', params: { seconds: 30, evil: { x: 1 } } }));
    expect(outcome).toEqual({ kind: 'error', message: { key: 'errors.rate.limited', params: { seconds: 30 } }, closeToasts: false });
  });
});
