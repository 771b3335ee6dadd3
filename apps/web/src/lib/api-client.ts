/**
 * The one place that knows the envelope (docs/protocol.md): every call is a POST whose body is
 * a compact JWE sealed for the server's public key, and whose answer's `data` opens only with
 * that request's key. Everything above this module sees plain JSON typed by the contract.
 */
import { endpointPaths } from '@pp/contract/paths';
import type { EndpointName, RequestOf, ResponseOf } from '@pp/contract';
import { mediaType, type PublicJwk } from '@pp/envelope';
import { openResponse, sealRequest } from '@pp/envelope/web';
import { classifyAnswer, type Answer, type Message, type Outcome } from './api-errors';
import { currentLanguage, hasKey, loadServerMessages, translateKey } from './i18n';
import { clearToken, getToken, readMarker, writeMarker } from './storage';
import { closeAllToasts, showToast } from './toast';

/** Spec section 9. */
export const requestTimeoutMs = 60_000;
/** How long the expired-login message stays readable before the reload. */
const expiredReloadDelayMs = 1500;
/** A second key-change reload within this window would be a loop; show the error instead. */
const keyReloadWindowMs = 60_000;

export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'network' | 'expired' | 'aborted';

/** A failed call, already shown to the user (unless aborted); forms read `errorKey` for field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: {
      status?: number;
      code?: number;
      errorKey?: string;
      params?: Record<string, string | number>;
      /** For request.invalid: the request field at fault, as the server names it. */
      field?: string;
    } = {},
  ) {
    super(message);
  }
  get errorKey(): string | undefined {
    return this.details.errorKey;
  }
}

export interface CallOptions {
  /** The idempotency key of a write; keep it across retries of one submission (useRequestId). */
  requestId?: string;
  /** Cancels the call, e.g. when a query is no longer needed; a cancelled call shows nothing. */
  signal?: AbortSignal;
}

type ServerKey = PublicJwk & { kid: string };
let serverKey: Promise<ServerKey> | undefined;

function isServerKey(value: unknown): value is ServerKey {
  const v = value as Partial<ServerKey> | null;
  return typeof v === 'object' && v !== null && v.kty === 'OKP' && v.crv === 'X25519' && typeof v.x === 'string' && typeof v.kid === 'string';
}

/** The server injects its key into index.html; the JSON file is the fallback (dev server, old page). */
async function loadServerKey(): Promise<ServerKey> {
  const content = document.querySelector('meta[name="envelope-key"]')?.getAttribute('content');
  if (content && content.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(content);
      if (isServerKey(parsed)) return parsed;
    } catch {
      // Fall through to the file.
    }
  }
  const response = await fetch('/envelope-key.json', { credentials: 'same-origin', cache: 'no-store' });
  const parsed: unknown = response.ok ? await response.json() : null;
  if (!isServerKey(parsed)) throw new Error('no envelope key');
  return parsed;
}

function getServerKey(): Promise<ServerKey> {
  serverKey ??= loadServerKey().catch((error: unknown) => {
    serverKey = undefined;
    throw error;
  });
  return serverKey;
}

function textOf(message: Message): string {
  return 'text' in message ? message.text : translateKey(message.key, message.params);
}

let isLeaving = false;
function reloadSoon(delayMs: number): void {
  isLeaving = true;
  setTimeout(() => window.location.reload(), delayMs);
}

/** Carries out what the catalogue decided and returns the error to reject with. */
function act(outcome: Exclude<Outcome, { kind: 'success' }>, answer: Answer, body: WireBody | null): ApiError {
  const details = {
    status: answer.kind === 'http' ? answer.status : undefined,
    code: typeof body?.code === 'number' ? body.code : undefined,
    errorKey: typeof body?.error === 'string' ? body.error : undefined,
    params: 'key' in outcome.message ? outcome.message.params : undefined,
    field: typeof body?.field === 'string' && body.field !== '' ? body.field : undefined,
  };
  const text = textOf(outcome.message);
  if (outcome.kind === 'expired') {
    // Several calls can fail together (the assets poll and a page's query): act once.
    if (!isLeaving) {
      clearToken();
      closeAllToasts();
      showToast('error', text);
      reloadSoon(expiredReloadDelayMs);
    }
    return new ApiError('expired', text, details);
  }
  if (outcome.kind === 'reload') {
    const last = Number(readMarker('keyReloadAt') ?? 0);
    if (Date.now() - last > keyReloadWindowMs) {
      writeMarker('keyReloadAt', String(Date.now()));
      serverKey = undefined;
      if (!isLeaving) reloadSoon(0);
      return new ApiError('http', text, details);
    }
  }
  if (outcome.kind === 'error' && outcome.closeToasts) closeAllToasts();
  if (!isLeaving) showToast('error', text);
  const kind: ApiErrorKind =
    answer.kind === 'timeout' ? 'timeout' : answer.kind === 'network' ? 'network' : answer.status >= 200 && answer.status < 300 ? 'business' : 'http';
  return new ApiError(kind, text, details);
}

interface WireBody {
  code?: unknown;
  message?: unknown;
  data?: unknown;
  error?: unknown;
  params?: unknown;
  field?: unknown;
  validation?: unknown;
}

/**
 * Calls one endpoint of the contract. Resolves with the opened `data` on code 20000; otherwise
 * shows the catalogue's message and rejects with an ApiError.
 */
export async function apiCall<N extends EndpointName>(name: N, body: RequestOf<N>, options: CallOptions = {}): Promise<ResponseOf<N>> {
  const path = endpointPaths[name];
  const payload = options.requestId ? { ...body, requestId: options.requestId } : body;
  // The error texts must be there before the answer is read (decision 014: not in the first download).
  const messages = loadServerMessages().catch(() => undefined);

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, requestTimeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  let answer: Answer;
  let wire: WireBody | null = null;
  let requestKey: Awaited<ReturnType<typeof sealRequest>>['requestKey'];
  try {
    const key = await getServerKey();
    const sealed = await sealRequest(key, path, payload);
    requestKey = sealed.requestKey;
    const headers: Record<string, string> = {
      'Content-Type': mediaType,
      Accept: 'application/json',
      'Accept-Language': currentLanguage(),
      'X-Login-Type': 'USER',
    };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(path, {
      method: 'POST',
      headers,
      body: sealed.body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    try {
      const parsed: unknown = await response.json();
      wire = typeof parsed === 'object' && parsed !== null ? (parsed as WireBody) : null;
    } catch {
      wire = null;
    }
    answer = { kind: 'http', status: response.status, body: wire };
  } catch {
    if (options.signal?.aborted && !isTimedOut) throw new ApiError('aborted', 'aborted');
    answer = isTimedOut ? { kind: 'timeout' } : { kind: 'network' };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  await messages;
  const outcome = classifyAnswer(answer, hasKey);
  if (outcome.kind !== 'success') throw act(outcome, answer, wire);

  const data = wire?.data;
  if (typeof data !== 'string') return (data ?? null) as ResponseOf<N>;
  try {
    return (await openResponse(requestKey!, data)) as ResponseOf<N>;
  } catch {
    const text = translateKey('errors.envelope.decrypt');
    showToast('error', text);
    throw new ApiError('business', text, { errorKey: 'envelope.decrypt' });
  }
}
