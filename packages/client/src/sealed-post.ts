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
import { mediaType, type PublicJwk } from '@pp/envelope';
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
 * Seals `payload` for `path`, posts it and reads the answer. Rejects only as fetch does (network,
 * abort); any HTTP status resolves, and the caller judges it.
 */
export async function sealedPost(key: ServerKey, path: string, payload: object, options: SealedPostOptions): Promise<SealedAnswer> {
  const sealed = await sealRequest(key, path, payload);
  const send = options.fetch ?? globalThis.fetch;
  const response = await send(`${options.baseUrl ?? ''}${path}`, {
    method: 'POST',
    headers: sealedHeaders(options.headers),
    body: sealed.body,
    credentials: 'same-origin',
    signal: options.signal,
  });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return { status: response.status, body, requestKey: sealed.requestKey };
}

/** Fetches the server's public envelope key from `GET /envelope-key.json`. */
export async function fetchServerKey(options: Pick<SealedPostOptions, 'baseUrl' | 'fetch' | 'signal'> = {}): Promise<ServerKey> {
  const send = options.fetch ?? globalThis.fetch;
  const response = await send(`${options.baseUrl ?? ''}/envelope-key.json`, { credentials: 'same-origin', cache: 'no-store', signal: options.signal });
  const parsed: unknown = response.ok ? await response.json() : null;
  if (!isServerKey(parsed)) throw new Error('no envelope key');
  return parsed;
}
