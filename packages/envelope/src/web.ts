/** The envelope with WebCrypto: the browser's side. Only the web API client imports this. */
import {
  b64url,
  concatKdfInput,
  contentEnc,
  decodeHeader,
  derivedKeyAlgorithmId,
  encodeHeader,
  fromB64url,
  fromUtf8,
  requestAlg,
  splitCompact,
  utf8,
  type PublicJwk,
  type RequestHeader,
} from './index.ts';

const subtle = () => globalThis.crypto.subtle;

/** The content key of one request, kept by the client to open its answer. */
export interface RequestKey {
  key: CryptoKey;
  nonce: string;
}

/**
 * One ephemeral key pair for a page load, and the key-derivation key it agreed with the server
 * (protocol.md, "Ephemeral keys"): requests reuse the agreement, while each still gets its own
 * nonce, the content key derived from it, and IV. A new pair is made after ephemeralLifetimeMs,
 * and whenever the server's key changes.
 */
export const ephemeralLifetimeMs = 15 * 60 * 1000;

interface Agreement {
  serverX: string;
  madeAt: number;
  epkX: string;
  /** HMAC-SHA256 key: a request's content key is its signature of the nonce. */
  kdk: CryptoKey;
}
let agreement: { serverX: string; madeAt: number; value: Promise<Agreement> } | undefined;

async function agree(server: PublicJwk, madeAt: number): Promise<Agreement> {
  const serverKey = await subtle().importKey('jwk', { kty: 'OKP', crv: 'X25519', x: server.x }, { name: 'X25519' }, false, []);
  const ephemeral = (await subtle().generateKey({ name: 'X25519' }, true, ['deriveBits'])) as CryptoKeyPair;
  const shared = new Uint8Array(await subtle().deriveBits({ name: 'X25519', public: serverKey } as EcdhKeyDeriveParams, ephemeral.privateKey, 256));
  const kdkBytes = await subtle().digest('SHA-256', concatKdfInput(shared, derivedKeyAlgorithmId) as BufferSource);
  const kdk = await subtle().importKey('raw', kdkBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const epk = (await subtle().exportKey('jwk', ephemeral.publicKey)) as { x: string };
  return { serverX: server.x, madeAt, epkX: epk.x, kdk };
}

function currentAgreement(server: PublicJwk, now: number): Promise<Agreement> {
  if (!agreement || agreement.serverX !== server.x || now - agreement.madeAt >= ephemeralLifetimeMs) {
    const value = agree(server, now);
    agreement = { serverX: server.x, madeAt: now, value };
    // A failed agreement is not kept: the next request tries again.
    value.catch(() => {
      if (agreement?.value === value) agreement = undefined;
    });
  }
  return agreement.value;
}

function randomB64url(bytes: number): string {
  return b64url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sealRequest(
  server: PublicJwk & { kid: string },
  path: string,
  payload: object,
  time = Date.now(),
): Promise<{ body: string; requestKey: RequestKey }> {
  const nonce = randomB64url(16);
  const { kdk, epkX } = await currentAgreement(server, Date.now());
  // The content key is HMAC-SHA256 of the nonce (ASCII) under the agreed key (protocol.md).
  const cekBytes = await subtle().sign('HMAC', kdk, utf8(nonce) as BufferSource);
  const cek = await subtle().importKey('raw', cekBytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
  const header: RequestHeader = {
    alg: requestAlg,
    enc: contentEnc,
    kid: server.kid,
    epk: { kty: 'OKP', crv: 'X25519', x: epkX },
    path,
    time,
    nonce,
  };
  const protectedPart = encodeHeader(header);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await subtle().encrypt(
      { name: 'AES-GCM', iv, additionalData: utf8(protectedPart) as BufferSource, tagLength: 128 },
      cek,
      utf8(JSON.stringify({ ...payload, time })) as BufferSource,
    ),
  );
  const ciphertext = sealed.subarray(0, sealed.length - 16);
  const tag = sealed.subarray(sealed.length - 16);
  return {
    body: `${protectedPart}..${b64url(iv)}.${b64url(ciphertext)}.${b64url(tag)}`,
    requestKey: { key: cek, nonce },
  };
}

/** Opens an answer's data with the key of the request it answers; throws otherwise. */
export async function openResponse(requestKey: RequestKey, compact: string): Promise<unknown> {
  const parts = splitCompact(compact);
  const header = decodeHeader(parts[0]);
  if (header.alg !== 'dir' || header.enc !== contentEnc || header.nonce !== requestKey.nonce || parts[1] !== '') {
    throw new Error('not an answer to this request');
  }
  const ciphertext = fromB64url(parts[3]);
  const tag = fromB64url(parts[4]);
  const joined = new Uint8Array(ciphertext.length + tag.length);
  joined.set(ciphertext);
  joined.set(tag, ciphertext.length);
  const plain = await subtle().decrypt(
    { name: 'AES-GCM', iv: fromB64url(parts[2]) as BufferSource, additionalData: utf8(parts[0]) as BufferSource, tagLength: 128 },
    requestKey.key,
    joined as BufferSource,
  );
  return JSON.parse(fromUtf8(new Uint8Array(plain)));
}
