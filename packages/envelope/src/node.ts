/** The envelope with node:crypto: the server's side, and a client used by tests and benchmarks. */
import { isUtf8 } from 'node:buffer';
import crypto, { type KeyObject } from 'node:crypto';
import {
  concatKdfInput,
  contentEnc,
  derivedKeyAlgorithmId,
  parseRequestHeader,
  requestAlg,
  splitCompact,
  wrappedKeyAlg,
  type PublicJwk,
  type RequestAlg,
  type RequestHeader,
  type ResponseHeader,
} from './index.ts';

/**
 * base64url with Node's native codec: the same results as index.ts's portable b64url/fromB64url
 * (unit-tested against them), at a fraction of the cost on every part of every request. Decoding
 * stays strict: a character outside the alphabet or an impossible length is refused, as there.
 */
const base64urlAlphabet = /^[A-Za-z0-9_-]*$/;
export function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}
export function fromB64url(text: string): Uint8Array {
  if (text.length % 4 === 1 || !base64urlAlphabet.test(text)) throw new Error('bad base64url');
  return Buffer.from(text, 'base64url');
}

/** index.ts's encodeHeader with the native codec: the same text, without a JavaScript base64 loop on every answer. */
export function encodeHeader(header: object): string {
  return Buffer.from(JSON.stringify(header), 'utf8').toString('base64url');
}

/** index.ts's decodeHeader with the native codec: strict base64url, valid UTF-8 only, a JSON object. */
export function decodeHeader(part: string): Record<string, unknown> {
  const bytes = fromB64url(part) as Buffer;
  if (!isUtf8(bytes)) throw new Error('header is not UTF-8');
  const value: unknown = JSON.parse(bytes.toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('header is not an object');
  return value as Record<string, unknown>;
}

/**
 * Random bytes for IVs and nonces from a pool filled 4 KB at a time: one call into the system's
 * generator per 341 IVs instead of one per IV. The bytes are the same CSPRNG output, each handed
 * out once.
 */
const randomPool = Buffer.alloc(4096);
let randomPoolAt = randomPool.length;
function randomBytesFromPool(n: number): Buffer {
  if (randomPoolAt + n > randomPool.length) {
    crypto.randomFillSync(randomPool);
    randomPoolAt = 0;
  }
  const out = Buffer.from(randomPool.subarray(randomPoolAt, randomPoolAt + n));
  randomPoolAt += n;
  return out;
}

export type EnvelopeFailure = 'malformed' | 'decrypt' | 'unknownKey';
export class EnvelopeError extends Error {
  constructor(
    readonly failure: EnvelopeFailure,
    detail: string,
  ) {
    super(detail);
  }
}

export interface PrivateJwk extends PublicJwk {
  d: string;
}

export interface ServerKey {
  kid: string;
  publicJwk: PublicJwk;
  privateKey: KeyObject;
  /** Keys already agreed, by the client's ephemeral key (agreementCache). */
  agreements: AgreementCache;
}

/** What one X25519 agreement gives: a key for each request format (protocol.md). */
export interface AgreedKeys {
  /** The key-derivation key of `dir` requests: each content key is HMAC-SHA256 of the nonce under it. */
  kdk: Buffer;
  /** The AES-256-KW key of `ECDH-ES+A256KW` requests. */
  kek: Buffer;
}

/** About 150 bytes an entry: 10,000 recent page loads in about 1.5 megabytes. */
export const agreementCacheCapacity = 10_000;

/**
 * The keys agreed with each recent ephemeral public key. A browser keeps one ephemeral key for a
 * page load (protocol.md, "Ephemeral keys"), so most requests repeat an ephemeral key the server
 * has seen: the X25519 agreement, its key import and the KDF run once for it instead of once per
 * request. Every request still has a content key of its own (derived from its nonce, or random
 * and wrapped), so nothing else changes. The value is a pure function of the two
 * public inputs and our private key: a process that has not seen an ephemeral key computes the
 * same value, so this is a memo, not state other processes need. Bounded: the least recently used
 * entry leaves first; a flood of new ephemeral keys costs what every request cost before.
 */
export class AgreementCache {
  private readonly entries = new Map<string, AgreedKeys>();
  constructor(readonly capacity = agreementCacheCapacity) {}

  get(epkX: string): AgreedKeys | undefined {
    const keys = this.entries.get(epkX);
    if (keys) {
      this.entries.delete(epkX);
      this.entries.set(epkX, keys);
    }
    return keys;
  }

  set(epkX: string, keys: AgreedKeys): void {
    this.entries.set(epkX, keys);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

const aesKwIv = Buffer.from('a6a6a6a6a6a6a6a6', 'hex');

/**
 * A cipher's whole output: what update gave, then what final gives. For AES-GCM and AES-KW in
 * one update call, final gives nothing (its checks still run: a bad tag or wrap throws there), and
 * the concatenation was a copy and an allocation on every request for nothing.
 */
function joined(updated: Buffer, finished: Buffer): Buffer {
  return finished.length === 0 ? updated : Buffer.concat([updated, finished]);
}

/** RFC 7638 thumbprint of an OKP key, the server key's id. */
export function jwkThumbprint(jwk: { crv: string; kty: string; x: string }): string {
  const canonical = `{"crv":"${jwk.crv}","kty":"${jwk.kty}","x":"${jwk.x}"}`;
  return b64url(crypto.createHash('sha256').update(canonical).digest());
}

/**
 * A new X25519 or Ed25519 key pair, exported as DER by the generation itself; the private
 * KeyObject is made again from that DER. Node 20 can deadlock when a KeyObject fresh from
 * `generateKeyPairSync` is exported while the garbage collector frees its generation job: the
 * job's destructor waits for the key's lock that the export holds (a hung test's main thread:
 * ExportJWKEdKey → GC → ~KeyGenJob → uv_mutex_lock). A key made from DER shares nothing with
 * the job. The raw keys are the last 32 bytes of the SPKI and PKCS #8 encodings (RFC 8410).
 */
export function newOkpKeyPair(type: 'x25519' | 'ed25519'): { privateKey: KeyObject; x: string; d: string } {
  const pair = crypto.generateKeyPairSync(type as 'x25519', {
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  });
  const publicDer = pair.publicKey as unknown as Buffer;
  const privateDer = pair.privateKey as unknown as Buffer;
  return {
    privateKey: crypto.createPrivateKey({ key: privateDer, format: 'der', type: 'pkcs8' }),
    x: b64url(publicDer.subarray(publicDer.length - 32)),
    d: b64url(privateDer.subarray(privateDer.length - 32)),
  };
}

export function generateServerKey(): PrivateJwk {
  const { x, d } = newOkpKeyPair('x25519');
  return { kty: 'OKP', crv: 'X25519', x, d };
}

export function loadServerKey(jwk: PrivateJwk): ServerKey {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'X25519' || typeof jwk.d !== 'string' || typeof jwk.x !== 'string') {
    throw new Error('the server key must be an X25519 private JWK');
  }
  const privateKey = crypto.createPrivateKey({ key: { kty: 'OKP', crv: 'X25519', x: jwk.x, d: jwk.d }, format: 'jwk' });
  const kid = jwkThumbprint(jwk);
  return { kid, publicJwk: { kty: 'OKP', crv: 'X25519', x: jwk.x, kid }, privateKey, agreements: new AgreementCache() };
}

function x25519PublicKey(x: Uint8Array): KeyObject {
  if (x.length !== 32) throw new EnvelopeError('malformed', 'epk must be 32 bytes');
  // Imported as a JWK on purpose: Node takes the raw-key path for it, about ten times faster than
  // OpenSSL 3's DER decoder (0.008 ms against 0.1 ms here), and this runs on every request.
  try {
    return crypto.createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: b64url(x) }, format: 'jwk' });
  } catch {
    throw new EnvelopeError('malformed', 'epk is not an X25519 key');
  }
}

function agree(privateKey: KeyObject, publicKey: KeyObject): AgreedKeys {
  let z: Buffer;
  try {
    z = crypto.diffieHellman({ privateKey, publicKey });
  } catch {
    // OpenSSL 3 itself refuses a low-order (small-subgroup) public key: the all-zero shared
    // secret it would give is an error there, which is the sender's fault, not the server's.
    throw new EnvelopeError('decrypt', 'key agreement failed');
  }
  // An all-zero shared secret means a small-order point was sent; refuse it (RFC 7748 section 6.1).
  if (z.every((b) => b === 0)) throw new EnvelopeError('decrypt', 'degenerate shared secret');
  return {
    kdk: crypto.createHash('sha256').update(concatKdfInput(z, derivedKeyAlgorithmId)).digest(),
    kek: crypto.createHash('sha256').update(concatKdfInput(z, wrappedKeyAlg)).digest(),
  };
}

/**
 * A `dir` request's content key: HMAC-SHA256 (a PRF) of its nonce, the header's base64url text as
 * ASCII, under the key-derivation key. 2.2 us here, against 7.3 us for the AES-KW unwrap of an
 * `ECDH-ES+A256KW` request (decision 035).
 */
export function derivedContentKey(kdk: Uint8Array, nonce: string): Buffer {
  return crypto.createHmac('sha256', kdk).update(nonce, 'latin1').digest();
}

function gcmDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, aad: string): Buffer {
  if (iv.length !== 12 || tag.length !== 16) throw new EnvelopeError('malformed', 'bad iv or tag length');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    decipher.setAAD(Buffer.from(aad, 'ascii'));
    decipher.setAuthTag(tag);
    return joined(decipher.update(ciphertext), decipher.final());
  } catch {
    throw new EnvelopeError('decrypt', 'authentication failed');
  }
}

function gcmEncrypt(key: Uint8Array, plaintext: Uint8Array, aad: string, iv: Uint8Array = randomBytesFromPool(12)) {
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(aad, 'ascii'));
  const ciphertext = joined(cipher.update(plaintext), cipher.final());
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

export interface OpenedRequest {
  header: RequestHeader;
  /** The request's content key: the answer is sealed with it. */
  cek: Buffer;
  plaintext: Buffer;
}

/** Opens a request JWE. Throws EnvelopeError; checking time, path and replay is the caller's job. */
export function openRequest(key: ServerKey, compact: string): OpenedRequest {
  let parts: [string, string, string, string, string];
  let header: RequestHeader | null;
  let wrapped: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, epk: Uint8Array;
  try {
    parts = splitCompact(compact);
    header = parseRequestHeader(decodeHeader(parts[0]));
    if (!header) throw new Error('not our header');
    wrapped = fromB64url(parts[1]);
    iv = fromB64url(parts[2]);
    ciphertext = fromB64url(parts[3]);
    tag = fromB64url(parts[4]);
    epk = fromB64url(header.epk.x);
  } catch (error) {
    throw new EnvelopeError('malformed', (error as Error).message);
  }
  if (header.kid !== key.kid) throw new EnvelopeError('unknownKey', 'unknown kid');
  const isDerived = header.alg === requestAlg;
  // A derived key travels nowhere: its encrypted-key part is empty, as JWE's `dir` requires.
  if (isDerived ? parts[1] !== '' : wrapped.length !== 40) {
    throw new EnvelopeError('malformed', isDerived ? 'a dir request has no encrypted key' : 'wrapped key must be 40 bytes');
  }
  // Only a successful agreement is remembered: a low-order key is refused again every time.
  let agreed = key.agreements.get(header.epk.x);
  if (!agreed) {
    agreed = agree(key.privateKey, x25519PublicKey(epk));
    key.agreements.set(header.epk.x, agreed);
  }
  let cek: Buffer;
  if (isDerived) {
    cek = derivedContentKey(agreed.kdk, header.nonce);
  } else {
    try {
      const unwrap = crypto.createDecipheriv('id-aes256-wrap', agreed.kek, aesKwIv);
      cek = joined(unwrap.update(wrapped), unwrap.final());
    } catch {
      throw new EnvelopeError('decrypt', 'key unwrap failed');
    }
  }
  const plaintext = gcmDecrypt(cek, iv, ciphertext, tag, parts[0]);
  return { header, cek, plaintext };
}

/** Seals an answer's data under the request's content key. */
export function sealResponse(cek: Uint8Array, nonce: string, data: unknown): string {
  const header: ResponseHeader = { alg: 'dir', enc: contentEnc, nonce };
  const protectedPart = encodeHeader(header);
  const { iv, ciphertext, tag } = gcmEncrypt(cek, Buffer.from(JSON.stringify(data ?? null), 'utf8'), protectedPart);
  return `${protectedPart}..${b64url(iv)}.${b64url(ciphertext)}.${b64url(tag)}`;
}

/** Opens an answer's data; throws unless it was sealed with this key for this nonce. */
export function openResponse(cek: Uint8Array, nonce: string, compact: string): unknown {
  const parts = splitCompact(compact);
  const header = decodeHeader(parts[0]);
  if (header.alg !== 'dir' || header.enc !== contentEnc || header.nonce !== nonce || parts[1] !== '') {
    throw new EnvelopeError('malformed', 'not an answer to this request');
  }
  const plain = gcmDecrypt(cek, fromB64url(parts[2]), fromB64url(parts[3]), fromB64url(parts[4]), parts[0]);
  return JSON.parse(plain.toString('utf8'));
}

export interface SealedRequest {
  body: string;
  cek: Buffer;
  nonce: string;
}

export interface SealOptions {
  time?: number;
  nonce?: string;
  /** `dir` (the content key derived from the nonce, what browsers send) unless told; `ECDH-ES+A256KW` wraps a random one. */
  alg?: RequestAlg;
  /** The client's ephemeral key for several requests (one page load); a new one per request if absent. */
  ephemeral?: ClientEphemeral;
  /** Fixed values for test vectors only (`cek` for ECDH-ES+A256KW: a dir request's key is derived). */
  cek?: Buffer;
  ephemeralPrivateJwk?: PrivateJwk;
  iv?: Buffer;
}

/** An ephemeral key a client keeps for a while, with the keys it agreed with one server key. */
export interface ClientEphemeral {
  privateKey: KeyObject;
  x: string;
  agreed?: { serverX: string; keys: AgreedKeys };
}

export function newClientEphemeral(privateJwk?: PrivateJwk): ClientEphemeral {
  if (!privateJwk) {
    const { privateKey, x } = newOkpKeyPair('x25519');
    return { privateKey, x };
  }
  const privateKey = crypto.createPrivateKey({ key: { ...privateJwk }, format: 'jwk' });
  return { privateKey, x: (privateKey.export({ format: 'jwk' }) as { x: string }).x };
}

function clientKeys(ephemeral: ClientEphemeral, server: PublicJwk): AgreedKeys {
  if (ephemeral.agreed?.serverX !== server.x) {
    ephemeral.agreed = { serverX: server.x, keys: agree(ephemeral.privateKey, x25519PublicKey(fromB64url(server.x))) };
  }
  return ephemeral.agreed.keys;
}

/** The client side with node:crypto, for tests, benchmarks and test vectors. */
export function sealRequest(server: PublicJwk, path: string, payload: unknown, options: SealOptions = {}): SealedRequest {
  const time = options.time ?? Date.now();
  const nonce = options.nonce ?? b64url(crypto.randomBytes(16));
  const alg = options.alg ?? requestAlg;
  const ephemeral = options.ephemeral ?? newClientEphemeral(options.ephemeralPrivateJwk);
  const epkX = ephemeral.x;
  const agreed = clientKeys(ephemeral, server);
  let cek: Buffer;
  let wrapped = '';
  if (alg === requestAlg) {
    if (options.cek) throw new Error('a dir request derives its content key; options.cek is for ECDH-ES+A256KW');
    cek = derivedContentKey(agreed.kdk, nonce);
  } else {
    cek = options.cek ?? crypto.randomBytes(32);
    const wrap = crypto.createCipheriv('id-aes256-wrap', agreed.kek, aesKwIv);
    wrapped = b64url(Buffer.concat([wrap.update(cek), wrap.final()]));
  }
  const header: RequestHeader = {
    alg,
    enc: contentEnc,
    kid: server.kid ?? jwkThumbprint(server),
    epk: { kty: 'OKP', crv: 'X25519', x: epkX },
    path,
    time,
    nonce,
  };
  const protectedPart = encodeHeader(header);
  const plaintext = Buffer.from(JSON.stringify({ ...(payload as object), time }), 'utf8');
  const { iv, ciphertext, tag } = gcmEncrypt(cek, plaintext, protectedPart, options.iv);
  const body = `${protectedPart}.${wrapped}.${b64url(iv)}.${b64url(ciphertext)}.${b64url(tag)}`;
  return { body, cek, nonce };
}
