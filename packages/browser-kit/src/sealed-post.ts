/**
 * One sealed POST as it goes over the wire (docs/protocol.md), without toasts, translations or
 * the error catalogue: the API client (api-client.ts) builds on it, and the portal's painter of a
 * member's home (apps/web/src/app/member-paint-start.ts, decision 032) uses it alone, so both send
 * the same headers and read the server's key the same way. Its own entry (`@pp/browser-kit/sealed-post`)
 * keeps the painter's download to this file and the envelope.
 */
import { mediaType, type PublicJwk } from '@pp/envelope';
import { sealRequest } from '@pp/envelope/web';

/** The server's public envelope key, as index.html carries it. */
export type ServerKey = PublicJwk & { kid: string };

export function isServerKey(value: unknown): value is ServerKey {
  const v = value as Partial<ServerKey> | null;
  return typeof v === 'object' && v !== null && v.kty === 'OKP' && v.crv === 'X25519' && typeof v.x === 'string' && typeof v.kid === 'string';
}

/** The key the server put into this page's `<meta name="envelope-key">`, or null (dev server, old page, anything malformed). */
export function pageServerKey(): ServerKey | null {
  const content = document.querySelector('meta[name="envelope-key"]')?.getAttribute('content');
  if (!content?.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(content);
    return isServerKey(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A sealed call's raw answer, with the key its data opens with. */
export interface SealedAnswer {
  status: number;
  /** The parsed JSON body, or null when the body is not JSON. */
  body: unknown;
  requestKey: Awaited<ReturnType<typeof sealRequest>>['requestKey'];
}

export interface SealedPostOptions {
  /** Accept-Language, X-Login-Type and Authorization: who asks, in which language. */
  headers: Record<string, string>;
  signal?: AbortSignal;
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
  const response = await fetch(path, {
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
