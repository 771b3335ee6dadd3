/**
 * One sealed POST as it goes over the wire (docs/protocol.md), with nothing else: no retries, no
 * translations, no toasts. The typed client (client.ts) builds on it, and so do the portal's and
 * the back-office's API clients in the browser kit and the portal's first paint, so every caller
 * sends the same headers and reads the server's key the same way. It runs wherever fetch and Web
 * Crypto do: a browser, Node 20 or later, Deno.
 */
// Web Crypto's and fetch's types (CryptoKey, BufferSource, RequestInit's cache) are in the DOM
// library; a Node program that uses the client (the server's tests, a third party's script)
// needs them as a browser does.
/// <reference lib="dom" />
import { mediaType, timeAheadMsMax, type PublicJwk } from '@pp/envelope';
import { sealRequest, type RequestKey } from '@pp/envelope/web';

/** The server's public envelope key, as `GET /envelope-key.json` and the page's meta tag carry it. */
export type ServerKey = PublicJwk & { kid: string };

export function isServerKey(value: unknown): value is ServerKey {
  const v = value as Partial<ServerKey> | null;
  return typeof v === 'object' && v !== null && v.kty === 'OKP' && v.crv === 'X25519' && typeof v.x === 'string' && typeof v.kid === 'string';
}

/** A sealed call's raw answer, with the key its data opens with. */
export interface SealedAnswer {
  status: number;
  /** The parsed JSON body, or null when the body is not JSON. */
  body: unknown;
  requestKey: RequestKey;
}

export interface SealedPostOptions {
  /** Accept-Language, X-Login-Type and Authorization: who asks, in which language. */
  headers: Record<string, string>;
  signal?: AbortSignal;
  /** Where the server is; empty for the page's own origin (the apps). */
  baseUrl?: string;
  /** The fetch to use (a test's, or one with a proxy); the global one by default. */
  fetch?: typeof fetch;
}

/** The headers every sealed call sends, beside the caller's own. */
export function sealedHeaders(own: Record<string, string>): Record<string, string> {
  return { 'Content-Type': mediaType, Accept: 'application/json', ...own };
}

/**
 * The server's clock as one client knows it (decision 086). The server takes a request dated up
 * to 5 minutes behind its clock but only a few seconds ahead, so a client dates its requests by
 * the server's time: every answer's `Date` header (whole seconds, so the estimate is never ahead
 * of the server) and the `serverTime` of a refusal that asks for a re-dated request.
 */
class ServerClock {
  private offsetMs = 0;
  /** No request is dated before this: the refusal line of a nonce store that forgot. */
  private notBefore = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** The time to seal with, and how long to wait first so that the server does not find it too far ahead. */
  sealTime(): { time: number; waitMs: number } {
    const now = this.now();
    if (this.notBefore <= now) return { time: now, waitMs: 0 };
    return { time: this.notBefore, waitMs: Math.max(0, this.notBefore - timeAheadMsMax + redateMarginMs - now) };
  }

  learnDate(date: string | null, receivedAt: number): void {
    const serverTime = date ? Date.parse(date) : Number.NaN;
    if (Number.isFinite(serverTime)) this.offsetMs = serverTime - receivedAt;
  }

  /**
   * True when the answer is a refusal that nothing ran for and that a request sealed again, with
   * a new nonce and a corrected time, gets past: `envelope.stale` (the clock is off) or a 503
   * whose `refuseBefore` says the nonce store forgot and refuses requests dated before it.
   */
  learnRefusal(status: number, body: unknown, receivedAt: number): boolean {
    const wire = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown; params?: { serverTime?: unknown; refuseBefore?: unknown } };
    const serverTime = wire.params?.serverTime;
    if (typeof serverTime !== 'number' || !Number.isFinite(serverTime)) return false;
    if (status === 400 && wire.error === 'envelope.stale') {
      this.offsetMs = serverTime - receivedAt;
      return true;
    }
    const refuseBefore = wire.params?.refuseBefore;
    if (status === 503 && wire.error === 'server.unavailable' && typeof refuseBefore === 'number' && Number.isFinite(refuseBefore)) {
      this.offsetMs = serverTime - receivedAt;
      this.notBefore = Math.max(this.notBefore, refuseBefore);
      return true;
    }
    return false;
  }
}

/** Sent a little after the earliest moment the server takes a request dated at the refusal line. */
const redateMarginMs = 100;
/** A request is sealed again at most this many times for a refusal that asks for it. */
const redatedSendsMax = 2;
/** At most this long is waited before a re-dated send (the server's window is seconds; a longer wait means a clock gone wrong). */
const redateWaitMsMax = 15_000;

const clocks = new Map<string, ServerClock>();

/** The clock of the server at `baseUrl` ('' for the page's own). */
export function serverClock(baseUrl = ''): { now(): number } {
  let clock = clocks.get(baseUrl);
  if (!clock) {
    clock = new ServerClock();
    clocks.set(baseUrl, clock);
  }
  return clock;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** What one transport brings back: the status, the parsed body and the `Date` header. */
export interface PostedAnswer {
  status: number;
  body: unknown;
  date: string | null;
}

/**
 * Seals `payload` for `path`, dated by the server's clock, and posts it with `post` (fetch, or
 * the kit's XMLHttpRequest for an upload's progress). A refusal that asks for it (a clock off, a
 * nonce store that forgot; decision 086) is sealed again at once with a new nonce and the time it
 * names, and sent again: nothing ran for the refused one, so this is safe for every endpoint.
 */
export async function sendSealed(
  key: ServerKey,
  path: string,
  payload: object,
  post: (sealedBody: string) => Promise<PostedAnswer>,
  options: { baseUrl?: string; signal?: AbortSignal } = {},
): Promise<SealedAnswer> {
  const clock = serverClock(options.baseUrl) as ServerClock;
  for (let send = 0; ; send++) {
    const { waitMs } = clock.sealTime();
    if (waitMs > redateWaitMsMax) throw new Error(`the server asks for requests dated ${waitMs} ms ahead`);
    if (waitMs > 0) await pause(waitMs, options.signal);
    const sealed = await sealRequest(key, path, payload, clock.sealTime().time);
    const answer = await post(sealed.body);
    const receivedAt = Date.now();
    clock.learnDate(answer.date, receivedAt);
    if (send < redatedSendsMax && clock.learnRefusal(answer.status, answer.body, receivedAt)) continue;
    return { status: answer.status, body: answer.body, requestKey: sealed.requestKey };
  }
}

/**
 * Seals `payload` for `path`, posts it and reads the answer. Rejects only as fetch does (network,
 * abort); any HTTP status resolves, and the caller judges it.
 */
export async function sealedPost(key: ServerKey, path: string, payload: object, options: SealedPostOptions): Promise<SealedAnswer> {
  const send = options.fetch ?? globalThis.fetch;
  return sendSealed(
    key,
    path,
    payload,
    async (sealedBody) => {
      const response = await send(`${options.baseUrl ?? ''}${path}`, {
        method: 'POST',
        headers: sealedHeaders(options.headers),
        body: sealedBody,
        credentials: 'same-origin',
        signal: options.signal,
      });
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        body = null;
      }
      // A stand-in fetch (a test's) may answer without headers: then the clock learns nothing.
      const date = typeof response.headers?.get === 'function' ? response.headers.get('date') : null;
      return { status: response.status, body, date };
    },
    { baseUrl: options.baseUrl, signal: options.signal },
  );
}

/** Fetches the server's public envelope key from `GET /envelope-key.json`. */
export async function fetchServerKey(options: Pick<SealedPostOptions, 'baseUrl' | 'fetch' | 'signal'> = {}): Promise<ServerKey> {
  const send = options.fetch ?? globalThis.fetch;
  const response = await send(`${options.baseUrl ?? ''}/envelope-key.json`, { credentials: 'same-origin', cache: 'no-store', signal: options.signal });
  const parsed: unknown = response.ok ? await response.json() : null;
  if (!isServerKey(parsed)) throw new Error('no envelope key');
  return parsed;
}
