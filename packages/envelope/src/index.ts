/**
 * The API envelope (docs/protocol.md). A request body is a JWE in compact serialization
 * (RFC 7516) with enc A256GCM and a content key of its own, which comes from an X25519 agreement
 * (RFC 8037) with the server's public key in one of two ways (decision 035):
 * - `dir`, what our clients send: the agreement gives a key-derivation key (Concat KDF with the
 *   algorithm id below) and each request's content key is HMAC-SHA256 of its nonce under it;
 * - `ECDH-ES+A256KW`, standard JWE key agreement with a random content key wrapped under the
 *   agreed key: still accepted, so any JWE library can call the API.
 * The protected header carries the ephemeral key, the request path, time and a random nonce; as
 * the GCM associated data they are authenticated. The answer's `data` is a JWE with alg "dir"
 * under the same content key, whose protected header repeats the request nonce, so it opens only
 * with that request's key.
 */
/** What our clients send: the content key derived from the agreement and the nonce. */
export const requestAlg = 'dir';
/** Standard JWE key agreement with a wrapped random content key (the format before decision 035). */
export const wrappedKeyAlg = 'ECDH-ES+A256KW';
export type RequestAlg = typeof requestAlg | typeof wrappedKeyAlg;
/** The Concat KDF's AlgorithmID for the key-derivation key of `dir` requests (never a JWE alg, so the two agreed keys differ). */
export const derivedKeyAlgorithmId = 'PP-CEK-HMAC-SHA256';
export const contentEnc = 'A256GCM';
export const mediaType = 'application/jose';
/** A request whose time is further than this behind the server clock is refused (stale). */
export const timeSkewMsMax = 5 * 60 * 1000;
/**
 * A request whose time is further than this ahead of the server clock is refused too. Short on
 * purpose (decision 086): after the nonce store forgets, only requests dated up to this far past
 * the loss can have been seen before it, so the refusal window is this plus a margin, seconds and
 * not minutes. A client whose clock runs ahead corrects it from the server's time (the refusal's
 * `serverTime`, the `Date` header; packages/client/src/sealed-post.ts).
 */
export const timeAheadMsMax = 5_000;
export const bodyBytesMax = 1024 * 1024;

export interface PublicJwk {
  kty: 'OKP';
  crv: 'X25519';
  x: string;
  kid?: string;
}

export interface RequestHeader {
  alg: RequestAlg;
  enc: typeof contentEnc;
  kid: string;
  epk: { kty: 'OKP'; crv: 'X25519'; x: string };
  /** The request path, e.g. /api/app/user/login. */
  path: string;
  /** Client time, ms since the epoch. */
  time: number;
  /** 128 random bits, base64url; a second request with the same nonce is a replay. */
  nonce: string;
}

export interface ResponseHeader {
  alg: 'dir';
  enc: typeof contentEnc;
  /** The nonce of the request this answers. */
  nonce: string;
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8', { fatal: true });

export function utf8(text: string): Uint8Array {
  return textEncoder.encode(text);
}
export function fromUtf8(bytes: Uint8Array): string {
  return textDecoder.decode(bytes);
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const lookup = new Int16Array(128).fill(-1);
for (let i = 0; i < alphabet.length; i++) lookup[alphabet.charCodeAt(i)] = i;

export function b64url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + alphabet[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]!;
  }
  return out;
}

/** Strict base64url decoding: throws on any character outside the alphabet or a bad length. */
export function fromB64url(text: string): Uint8Array {
  if (text.length % 4 === 1) throw new Error('bad base64url length');
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const v = code < 128 ? lookup[code]! : -1;
    if (v < 0) throw new Error('bad base64url character');
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

/**
 * The input of the Concat KDF (NIST SP 800-56A) as RFC 7518 section 4.6.2 fixes it for a 256-bit
 * key with empty apu and apv: one SHA-256 round over counter || Z || OtherInfo, whose AlgorithmID
 * is `ECDH-ES+A256KW` for the wrapping key and derivedKeyAlgorithmId for the derivation key.
 */
export function concatKdfInput(sharedSecret: Uint8Array, algorithmId: string): Uint8Array {
  const alg = utf8(algorithmId);
  const out = new Uint8Array(4 + sharedSecret.length + 4 + alg.length + 4 + 4 + 4);
  const view = new DataView(out.buffer);
  let o = 0;
  view.setUint32(o, 1);
  o += 4;
  out.set(sharedSecret, o);
  o += sharedSecret.length;
  view.setUint32(o, alg.length);
  o += 4;
  out.set(alg, o);
  o += alg.length;
  view.setUint32(o, 0); // apu length
  o += 4;
  view.setUint32(o, 0); // apv length
  o += 4;
  view.setUint32(o, 256); // key data length in bits
  return out;
}

/** The five parts of a compact JWE; throws when the text is not one. */
export function splitCompact(compact: string): [string, string, string, string, string] {
  const parts = compact.split('.');
  if (parts.length !== 5) throw new Error('not a compact JWE');
  return parts as [string, string, string, string, string];
}

export function encodeHeader(header: object): string {
  return b64url(utf8(JSON.stringify(header)));
}

export function decodeHeader(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(fromUtf8(fromB64url(part)));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('header is not an object');
  return value as Record<string, unknown>;
}

/** Checks the shape of a request header; returns null when it is not one of ours. */
export function parseRequestHeader(h: Record<string, unknown>): RequestHeader | null {
  const epk = h.epk as Record<string, unknown> | undefined;
  if (
    (h.alg !== requestAlg && h.alg !== wrappedKeyAlg) ||
    h.enc !== contentEnc ||
    typeof h.kid !== 'string' ||
    typeof h.path !== 'string' ||
    typeof h.time !== 'number' ||
    !Number.isFinite(h.time) ||
    typeof h.nonce !== 'string' ||
    !/^[A-Za-z0-9_-]{22,64}$/.test(h.nonce) ||
    typeof epk !== 'object' ||
    epk === null ||
    epk.kty !== 'OKP' ||
    epk.crv !== 'X25519' ||
    typeof epk.x !== 'string' ||
    epk.x.length !== 43
  ) {
    return null;
  }
  if (h.crit !== undefined || h.zip !== undefined) return null;
  return h as unknown as RequestHeader;
}
