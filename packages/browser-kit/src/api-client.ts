/**
 * The one place that knows the envelope (docs/protocol.md): every call is a POST whose body is
 * a compact JWE sealed for the server's public key, and whose answer's `data` opens only with
 * that request's key. Everything above this module sees plain JSON typed by the contract.
 *
 * Each app makes its own client (createApiClient) with what differs: the login type it sends
 * (USER for the portal, STAFF for the back office, so a member token is never sent by the back
 * office and the other way round), its session store, its translations, and what happens when
 * the session expires (the portal reloads; the back office goes to its login screen).
 */
import { endpointPaths, isKeyed } from '@pp/contract/paths';
import type { EndpointName, ResponseOf } from '@pp/contract';
import type { BodyOf } from '@pp/client';
import { openResponse } from '@pp/envelope/web';
import { ApiError, type ApiErrorKind } from './api-error';
import { classifyAnswer, paramsOf, type Answer, type Message, type Outcome, type WireBody } from './api-errors';
import type { SessionStore } from './storage';
import { fetchServerKey, pageServerKey, sealedHeaders, sealedPost, sendSealed, type PostedAnswer, type SealedAnswer, type ServerKey } from './sealed-post';
import { closeAllToasts, showToast } from './toast';

/** Spec section 9. */
export const requestTimeoutMs = 60_000;
/** How long the expired-login message stays readable before the reload. */
const expiredReloadDelayMs = 1500;
/** The server's text for a write whose outcome is unknown (503 server.unavailable): check, then retry safely. */
const outcomeUnknownKey = 'errors.server.unavailable';
/** A second key-change reload within this window would be a loop; show the error instead. */
const keyReloadWindowMs = 60_000;

export { ApiError, errorText, type ApiErrorKind } from './api-error';

export interface CallOptions {
  /**
   * The idempotency key of a keyed write (the contract's `isKeyed`); keep it across retries of
   * one submission (useRequestId). Refused for any other endpoint: the server would not do it once.
   */
  requestId?: string;
  /** Cancels the call, e.g. when a query is no longer needed; a cancelled call shows nothing. */
  signal?: AbortSignal;
  /** The screen shows the error itself (e.g. under a field): no toast. */
  isQuiet?: boolean;
  /**
   * Reports how much of the sealed body has gone out (0 to 1), for an upload's progress bar.
   * fetch cannot report it, so such a call is sent with XMLHttpRequest instead.
   */
  onUploadProgress?: (fraction: number) => void;
}

/** One sealed POST by XMLHttpRequest, which reports upload progress; answers (and seals again when asked) as sealedPost does. */
function postWithProgress(
  key: ServerKey,
  path: string,
  payload: object,
  headers: Record<string, string>,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<SealedAnswer> {
  return sendSealed(key, path, payload, (sealedBody) => xhrPost(path, sealedBody, headers, signal, onProgress), { signal });
}

async function xhrPost(
  path: string,
  sealedBody: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<PostedAnswer> {
  const { status, text, date } = await new Promise<{ status: number; text: string; date: string | null }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      onProgress(1);
      resolve({ status: xhr.status, text: xhr.responseText, date: xhr.getResponseHeader('date') });
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    if (signal.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(sealedBody);
  });
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status, body, date };
}

/** The app's translations, as the client needs them. */
export interface ClientTranslations {
  currentLanguage(): string;
  hasKey(key: string): boolean;
  translateKey(key: string, params?: Record<string, string | number>): string;
  /** Resolves once the texts an answer may need are loaded (the portal loads server messages late; decision 014). */
  ready?(): Promise<void>;
}

export interface ApiClientOptions {
  /** The X-Login-Type header: which kind of session the token belongs to. */
  loginType: 'USER' | 'STAFF';
  session: Pick<SessionStore, 'getToken' | 'clearToken' | 'readMarker' | 'writeMarker'>;
  i18n: ClientTranslations;
  /**
   * After an expired session (87321) the token is cleared and the message shown; then either
   * the page reloads once the message was readable ('reload'), or the app's own function runs
   * (e.g. to its login screen). With a function the client acts once per signed-in session.
   */
  onExpired: 'reload' | (() => void);
  /**
   * An answer already asked for before the app ran (the portal's painted dashboard, decision
   * 032), taken once: a call with an empty body to that path uses it as its own answer (the same
   * checks, messages and opening follow) instead of asking again. A failed one is ignored and the
   * call asks itself.
   */
  takeFirstAnswer?: (path: string) => Promise<FirstAnswer> | undefined;
}

/** A sealed call's raw answer, with the key its data opens with. */
export type FirstAnswer = SealedAnswer;

/** The server injects its key into index.html; the JSON file is the fallback (dev server, old page). */
async function loadServerKey(): Promise<ServerKey> {
  return pageServerKey() ?? fetchServerKey();
}

export interface ApiClient {
  /**
   * Calls one endpoint of the contract. Resolves with the opened `data` on code 20000; otherwise
   * shows the catalogue's message and rejects with an ApiError.
   */
  apiCall<N extends EndpointName>(name: N, body: BodyOf<N>, options?: CallOptions): Promise<ResponseOf<N>>;
}

/** What a caller passes: a keyed write's key may come in the options alone (the client adds it to the body). */
export type { BodyOf };

/** A fetch or XMLHttpRequest the browser cancelled (navigation, a closed tab, a stopped page), not a network failure. */
function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * Whether the page is being left or is hidden: a browser cancels or cuts a request then (a tab
 * closed or navigated away, a phone putting the page in the background), and nobody is there to
 * read an error about it. `pagehide` and `beforeunload` mark the leaving; `pageshow` (back from
 * the back/forward cache) ends it.
 */
function watchPageLeaving(): () => boolean {
  let isLeaving = false;
  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    const leave = () => {
      isLeaving = true;
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('beforeunload', leave);
    window.addEventListener('pageshow', () => {
      isLeaving = false;
    });
  }
  return () => isLeaving || (typeof document !== 'undefined' && document.visibilityState === 'hidden');
}

export function createApiClient({ loginType, session, i18n, onExpired, takeFirstAnswer }: ApiClientOptions): ApiClient {
  const isPageGone = watchPageLeaving();
  let serverKey: Promise<ServerKey> | undefined;
  function getServerKey(): Promise<ServerKey> {
    serverKey ??= loadServerKey().catch((error: unknown) => {
      serverKey = undefined;
      throw error;
    });
    return serverKey;
  }

  const textOf = (message: Message): string => ('text' in message ? message.text : i18n.translateKey(message.key, message.params));

  let isLeaving = false;
  function reloadSoon(delayMs: number): void {
    isLeaving = true;
    setTimeout(() => window.location.reload(), delayMs);
  }

  /** Carries out what the catalogue decided and returns the error to reject with. */
  function act(outcome: Exclude<Outcome, { kind: 'success' }>, answer: Answer, body: WireBody | null, isQuiet: boolean): ApiError {
    const details = {
      status: answer.kind === 'http' ? answer.status : undefined,
      code: typeof body?.code === 'number' ? body.code : undefined,
      errorKey: typeof body?.error === 'string' ? body.error : undefined,
      params: 'key' in outcome.message ? outcome.message.params : paramsOf(body?.params),
      field: typeof body?.field === 'string' && body.field !== '' ? body.field : undefined,
      validation: typeof body?.validation === 'string' ? body.validation : undefined,
    };
    const text = textOf(outcome.message);
    if (outcome.kind === 'expired') {
      // Several calls can fail together (the layout's and the page's): act once.
      const isFirst = onExpired === 'reload' ? !isLeaving : session.getToken() !== null;
      if (isFirst) {
        session.clearToken();
        closeAllToasts();
        showToast('error', text);
        if (onExpired === 'reload') reloadSoon(expiredReloadDelayMs);
        else onExpired();
      }
      return new ApiError('expired', text, details);
    }
    if (outcome.kind === 'reload') {
      // The server's key changed (a restart with a new key): the page must get the new one.
      const last = Number(session.readMarker('keyReloadAt') ?? 0);
      if (Date.now() - last > keyReloadWindowMs) {
        session.writeMarker('keyReloadAt', String(Date.now()));
        serverKey = undefined;
        if (!isLeaving) reloadSoon(0);
        return new ApiError('http', text, details);
      }
    }
    if (outcome.kind === 'error' && outcome.closeToasts) closeAllToasts();
    if (!isLeaving && !isQuiet) showToast('error', text);
    const kind: ApiErrorKind =
      answer.kind === 'timeout' ? 'timeout' : answer.kind === 'network' ? 'network' : answer.status >= 200 && answer.status < 300 ? 'business' : 'http';
    return new ApiError(kind, text, details);
  }

  async function apiCall<N extends EndpointName>(name: N, body: BodyOf<N>, options: CallOptions = {}): Promise<ResponseOf<N>> {
    const path = endpointPaths[name];
    // A key on an endpoint the server does not do once would make "a retry is safe" a lie: a bug.
    if (options.requestId && !isKeyed(name)) throw new Error(`${name} is not a keyed write: it takes no request id`);
    const payload = options.requestId ? { ...body, requestId: options.requestId } : body;
    // The error texts must be there before the answer is read.
    const messages = i18n.ready?.().catch(() => undefined);

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
    let requestKey: SealedAnswer['requestKey'] | undefined;
    const first = !options.onUploadProgress && Object.keys(payload as object).length === 0 ? takeFirstAnswer?.(path) : undefined;
    try {
      const taken = first ? await first.catch(() => undefined) : undefined;
      let sent: SealedAnswer;
      if (taken) {
        sent = taken;
      } else {
        const headers: Record<string, string> = { 'Accept-Language': i18n.currentLanguage(), 'X-Login-Type': loginType };
        const token = session.getToken();
        if (token) headers.Authorization = `Bearer ${token}`;
        const key = await getServerKey();
        sent = options.onUploadProgress
          ? await postWithProgress(key, path, payload as object, sealedHeaders(headers), controller.signal, options.onUploadProgress)
          : await sealedPost(key, path, payload as object, { headers, signal: controller.signal });
      }
      requestKey = sent.requestKey;
      wire = typeof sent.body === 'object' && sent.body !== null ? (sent.body as WireBody) : null;
      answer = { kind: 'http', status: sent.status, body: wire };
    } catch (error) {
      // Cancelled by the caller, by the browser (an AbortError that is not our timeout), or cut
      // while the page is being left or hidden: 'aborted', and never a toast.
      if (!isTimedOut && (options.signal?.aborted || isAbortError(error) || isPageGone())) throw new ApiError('aborted', 'aborted');
      answer = isTimedOut ? { kind: 'timeout' } : { kind: 'network' };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }

    await messages;
    let outcome = classifyAnswer(answer, i18n.hasKey);
    // A keyed write that got no answer, or a 5xx, may have happened or not: say so, and that
    // sending it again is safe, since the form keeps the same request id until it succeeds
    // (request-id.ts) and the server does a keyed write once per id (the contract's isKeyed).
    // Any other call keeps the status's own text.
    if (outcome.kind === 'error' && isKeyed(name) && (answer.kind !== 'http' || answer.status >= 500) && i18n.hasKey(outcomeUnknownKey)) {
      outcome = { ...outcome, message: { key: outcomeUnknownKey } };
    }
    if (outcome.kind !== 'success') throw act(outcome, answer, wire, options.isQuiet ?? false);

    const data = wire?.data;
    if (typeof data !== 'string') return (data ?? null) as ResponseOf<N>;
    try {
      return (await openResponse(requestKey!, data)) as ResponseOf<N>;
    } catch {
      const text = i18n.translateKey('errors.envelope.decrypt');
      if (!options.isQuiet) showToast('error', text);
      throw new ApiError('business', text, { errorKey: 'envelope.decrypt' });
    }
  }

  return { apiCall };
}
