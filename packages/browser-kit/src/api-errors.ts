/**
 * The error catalogue of spec section 8, as amended by decisions.md, as one pure function: it
 * says what an answer means, and the API client carries that out (toast, token, reload or the
 * login screen). Free of the DOM, so every row is tested on its own (api-errors*.test.ts).
 */
import { ResponseCode } from '@pp/contract';

/** A text to show: an i18n key (with placeholder values) or the server's own words. */
export type Message = { key: string; params?: Record<string, string | number> } | { text: string };

export type Outcome =
  | { kind: 'success' }
  /** 87321: clear the token, close the toasts, show the message, then what the app asked for. */
  | { kind: 'expired'; message: Message }
  /** The server's envelope key changed: reload to get the new one. */
  | { kind: 'reload'; message: Message }
  | { kind: 'error'; message: Message; closeToasts: boolean };

/** The answer's JSON body, when it was our envelope. */
export interface WireBody {
  code?: unknown;
  message?: unknown;
  data?: unknown;
  error?: unknown;
  params?: unknown;
  field?: unknown;
  validation?: unknown;
}

/** What came back, or did not. `body` is null when the answer was not our JSON envelope. */
export type Answer = { kind: 'http'; status: number; body: WireBody | null } | { kind: 'timeout' } | { kind: 'network' };

const statusKeys: Record<number, string> = {
  400: 'api.badRequest',
  403: 'api.forbidden',
  404: 'api.notFound',
  408: 'api.timeout',
  500: 'api.internal',
  501: 'api.notImplemented',
  502: 'api.badGateway',
  503: 'api.unavailable',
  504: 'api.gatewayTimeout',
  505: 'api.httpVersion',
};
const busy: Message = { key: 'api.busy' };
const expiredMessage: Message = { key: 'api.expired' };

export function paramsOf(value: unknown): Record<string, string | number> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number') out[name] = v;
  }
  return out;
}

/** Whether the client has a translation for a key such as "validation.enterCaptcha". */
export type KnowsKey = (key: string) => boolean;

/**
 * The translated key when the client knows it (for request.invalid the validation key of the
 * field at fault says more), otherwise the server's own words: the server adds keys (new error
 * codes, validation texts) before every client knows them, and its message is already in the
 * caller's language.
 */
export function messageOf(body: WireBody, knowsKey: KnowsKey): Message | null {
  const { validation, error } = body;
  // The server answers an unknown key with the key itself; that is no text for a person.
  const serverText =
    typeof body.message === 'string' && body.message.trim() !== '' && !/^(errors|validation)\.[\w.]+$/.test(body.message) ? body.message : null;
  if (error === 'request.invalid' && typeof validation === 'string' && validation.startsWith('validation.') && knowsKey(validation)) {
    // Placeholders such as {{x}} of validation.minimumAmount come in `params`.
    const params = paramsOf(body.params);
    return params ? { key: validation, params } : { key: validation };
  }
  if (typeof error === 'string' && knowsKey(`errors.${error}`)) return { key: `errors.${error}`, params: paramsOf(body.params) };
  if (serverText !== null) return { text: serverText };
  return error === 'request.invalid' ? { key: 'errors.request.invalid' } : null;
}

export function classifyAnswer(answer: Answer, knowsKey: KnowsKey): Outcome {
  if (answer.kind === 'timeout') return { kind: 'error', message: { key: 'api.timeout' }, closeToasts: false };
  if (answer.kind === 'network') return { kind: 'error', message: busy, closeToasts: false };

  const { status, body } = answer;
  const isOk = status >= 200 && status < 300;
  if (isOk && body?.code === ResponseCode.success) return { kind: 'success' };
  if (body?.code === ResponseCode.loginExpired) return { kind: 'expired', message: expiredMessage };
  if (body?.error === 'envelope.unknownKey') return { kind: 'reload', message: { key: 'errors.envelope.unknownKey' } };
  if (status === 401) return { kind: 'error', message: (body && messageOf(body, knowsKey)) ?? busy, closeToasts: true };
  // 9001 and every other code: never ignored silently (decisions.md).
  if (isOk) return { kind: 'error', message: (body && messageOf(body, knowsKey)) ?? busy, closeToasts: false };
  // An HTTP error: a stable error key says more than the status (e.g. "check your device clock"
  // for a 400 envelope.stale), so it wins; otherwise the status text of the catalogue.
  const known = body && typeof body.error === 'string' ? messageOf(body, knowsKey) : null;
  const statusKey = statusKeys[status];
  return { kind: 'error', message: known ?? (statusKey ? { key: statusKey } : busy), closeToasts: false };
}
