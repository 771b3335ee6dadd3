// Proves the envelope is standard JWE: fixed test vectors reproduce byte for byte, an independent
// implementation (jose) opens what we seal, and the browser side (WebCrypto) and the server side
// (node:crypto) understand each other.
import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import * as jose from 'jose';
import vectors from './test-vectors.json' with { type: 'json' };
import { b64url, fromB64url, parseRequestHeader, decodeHeader, encodeHeader } from './index.ts';
import {
  AgreementCache,
  EnvelopeError,
  generateServerKey,
  loadServerKey,
  newClientEphemeral,
  newOkpKeyPair,
  openRequest,
  openResponse,
  sealRequest,
  sealResponse,
  type PrivateJwk,
} from './node.ts';
import * as web from './web.ts';

const server = loadServerKey(vectors.serverPrivateJwk as PrivateJwk);

describe('test vectors', () => {
  it('seal the documented request exactly', () => {
    const sealed = sealRequest(server.publicJwk, vectors.path, vectors.payload, {
      time: vectors.time,
      nonce: vectors.nonce,
      cek: Buffer.from(vectors.contentKeyB64url, 'base64url'),
      ephemeralPrivateJwk: vectors.ephemeralPrivateJwk as PrivateJwk,
      iv: Buffer.from(vectors.requestIvB64url, 'base64url'),
    });
    expect(server.kid).toBe(vectors.serverKid);
    expect(sealed.body).toBe(vectors.requestCompact);
  });

  it('open to the documented payload, header and content key', () => {
    const opened = openRequest(server, vectors.requestCompact);
    expect(JSON.parse(opened.plaintext.toString())).toEqual({ ...vectors.payload, time: vectors.time });
    expect(opened.header).toMatchObject({ alg: 'ECDH-ES+A256KW', enc: 'A256GCM', path: vectors.path, time: vectors.time, nonce: vectors.nonce });
    expect(b64url(opened.cek)).toBe(vectors.contentKeyB64url);
    const cek = Buffer.from(vectors.contentKeyB64url, 'base64url');
    expect(openResponse(cek, vectors.nonce, vectors.responseCompact)).toEqual(vectors.responseData);
  });

  it('are opened by jose, an independent JWE implementation', async () => {
    const key = await jose.importJWK({ ...vectors.serverPrivateJwk, alg: 'ECDH-ES+A256KW' }, 'ECDH-ES+A256KW');
    const { plaintext, protectedHeader } = await jose.compactDecrypt(vectors.requestCompact, key);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toMatchObject(vectors.payload);
    expect(protectedHeader.path).toBe(vectors.path);
    const cek = fromB64url(vectors.contentKeyB64url);
    const answer = await jose.compactDecrypt(vectors.responseCompact, cek);
    expect(JSON.parse(new TextDecoder().decode(answer.plaintext))).toEqual(vectors.responseData);
  });
});

describe('browser and server sides', () => {
  it('a WebCrypto request opens with node:crypto and its answer opens in WebCrypto', async () => {
    const { body, requestKey } = await web.sealRequest({ ...server.publicJwk, kid: server.kid }, '/api/x', { a: 'ü€' });
    const opened = openRequest(server, body);
    expect(JSON.parse(opened.plaintext.toString())).toMatchObject({ a: 'ü€' });
    const answer = sealResponse(opened.cek, opened.header.nonce, { ok: [1, 2] });
    expect(await web.openResponse(requestKey, answer)).toEqual({ ok: [1, 2] });
  });

  it('WebCrypto refuses an answer to another request', async () => {
    const first = await web.sealRequest({ ...server.publicJwk, kid: server.kid }, '/api/x', {});
    const second = await web.sealRequest({ ...server.publicJwk, kid: server.kid }, '/api/x', {});
    const opened = openRequest(server, first.body);
    const answer = sealResponse(opened.cek, opened.header.nonce, { secret: 1 });
    await expect(web.openResponse(second.requestKey, answer)).rejects.toThrow();
    await expect(web.openResponse({ ...second.requestKey, nonce: first.requestKey.nonce }, answer)).rejects.toThrow();
  });

  it('jose can seal a request our server opens', async () => {
    const pub = await jose.importJWK({ kty: 'OKP', crv: 'X25519', x: server.publicJwk.x }, 'ECDH-ES+A256KW');
    const jwe = await new jose.CompactEncrypt(new TextEncoder().encode('{"hi":1}'))
      .setProtectedHeader({ alg: 'ECDH-ES+A256KW', enc: 'A256GCM', kid: server.kid, path: '/p', time: 1, nonce: 'AAAAAAAAAAAAAAAAAAAAAA' })
      .encrypt(pub);
    expect(openRequest(server, jwe).plaintext.toString()).toBe('{"hi":1}');
  });
});

describe('header and base64url checks', () => {
  it('refuse what is not ours', () => {
    const good = decodeHeader(vectors.requestCompact.split('.')[0]!);
    expect(parseRequestHeader(good)).not.toBeNull();
    for (const patch of [{ alg: 'RSA1_5' }, { enc: 'A128CBC-HS256' }, { zip: 'DEF' }, { crit: ['x'] }, { nonce: 'short' }, { time: 'now' }, { epk: { kty: 'EC' } }]) {
      expect(parseRequestHeader({ ...good, ...patch })).toBeNull();
    }
    expect(() => fromB64url('ab$c')).toThrow();
    expect(() => fromB64url('a')).toThrow();
    for (const n of [0, 1, 2, 3, 4, 31, 32, 33]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37) & 255);
      expect(b64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      expect(Array.from(fromB64url(b64url(bytes)))).toEqual(Array.from(bytes));
    }
  });
});

describe('low-order ephemeral keys', () => {
  // The X25519 points of small order (libsodium's list): each gives an all-zero shared secret,
  // which OpenSSL refuses with an error of its own. Either way the sender gets 'decrypt'.
  const lowOrder = [
    '0000000000000000000000000000000000000000000000000000000000000000',
    '0100000000000000000000000000000000000000000000000000000000000000',
    'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800',
    '5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157',
    'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
    'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
    'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  ];
  it.each(lowOrder)('refuses epk %s as decrypt', (hex) => {
    const [head, ...rest] = vectors.requestCompact.split('.');
    const header = decodeHeader(head!);
    const patched = encodeHeader({ ...header, epk: { ...(header.epk as object), x: b64url(Buffer.from(hex, 'hex')) } });
    let caught: unknown;
    try {
      openRequest(server, [patched, ...rest].join('.'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvelopeError);
    expect((caught as EnvelopeError).failure).toBe('decrypt');
  });
});

describe('one ephemeral key for a page load', () => {
  it('the browser reuses its ephemeral key, each request with its own content key, nonce and IV', async () => {
    const target = { ...server.publicJwk, kid: server.kid };
    const sealed = await Promise.all([1, 2, 3].map((n) => web.sealRequest(target, '/api/x', { n })));
    const parts = sealed.map((s) => s.body.split('.'));
    const headers = parts.map((p) => decodeHeader(p[0]!) as { epk: { x: string }; nonce: string });
    expect(new Set(headers.map((h) => h.epk.x)).size).toBe(1);
    expect(new Set(headers.map((h) => h.nonce)).size).toBe(3);
    expect(new Set(parts.map((p) => p[1])).size).toBe(3); // wrapped content keys differ
    expect(new Set(parts.map((p) => p[2])).size).toBe(3); // IVs differ
    const opened = sealed.map((s) => openRequest(server, s.body));
    expect(new Set(opened.map((o) => b64url(o.cek))).size).toBe(3);
    expect(opened.map((o) => JSON.parse(o.plaintext.toString()).n)).toEqual([1, 2, 3]);
    // Each answer opens only with its own request's key.
    const answer = sealResponse(opened[0]!.cek, opened[0]!.header.nonce, { for: 1 });
    expect(await web.openResponse(sealed[0]!.requestKey, answer)).toEqual({ for: 1 });
    await expect(web.openResponse(sealed[1]!.requestKey, answer)).rejects.toThrow();
  });

  it('the browser makes a new ephemeral key after its lifetime', async () => {
    const target = { ...server.publicJwk, kid: server.kid };
    const epkOf = (body: string) => (decodeHeader(body.split('.')[0]!) as { epk: { x: string } }).epk.x;
    const now = Date.now();
    const first = await web.sealRequest(target, '/api/x', {}, now);
    const realNow = Date.now;
    Date.now = () => now + web.ephemeralLifetimeMs + 1;
    try {
      const later = await web.sealRequest(target, '/api/x', {}, now);
      expect(epkOf(later.body)).not.toBe(epkOf(first.body));
      expect(openRequest(server, later.body).plaintext.length).toBeGreaterThan(0);
    } finally {
      Date.now = realNow;
    }
  });

  it('the server agrees once per ephemeral key and keeps a bounded number of agreements', () => {
    const key = loadServerKey(generateServerKey());
    const ephemeral = newClientEphemeral();
    const spy = vi.spyOn(crypto, 'diffieHellman');
    try {
      for (let i = 0; i < 5; i++) openRequest(key, sealRequest(key.publicJwk, '/p', { i }, { ephemeral }).body);
      // The client agreed once for its ephemeral key, and the server once for it.
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
    expect(key.agreements.size).toBe(1);
    const small = new AgreementCache(3);
    for (const x of ['a', 'b', 'c', 'd']) small.set(x, Buffer.alloc(32));
    expect(small.size).toBe(3);
    expect(small.get('a')).toBeUndefined();
    expect(small.get('d')).toBeDefined();
  });

  it('a tampered request with a known ephemeral key is still refused', () => {
    const key = loadServerKey(generateServerKey());
    const ephemeral = newClientEphemeral();
    openRequest(key, sealRequest(key.publicJwk, '/p', {}, { ephemeral }).body);
    const parts = sealRequest(key.publicJwk, '/p', { amount: 1 }, { ephemeral }).body.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[3] = flipped.toString('base64url');
    expect(() => openRequest(key, parts.join('.'))).toThrow(EnvelopeError);
    // A wrapped key from another request under the same ephemeral key does not open this one.
    const other = sealRequest(key.publicJwk, '/p', { amount: 2 }, { ephemeral }).body.split('.');
    const swapped = [...parts];
    swapped[1] = other[1]!;
    expect(() => openRequest(key, swapped.join('.'))).toThrow(EnvelopeError);
  });

  it('jose opens two requests that share an ephemeral key', async () => {
    const ephemeral = newClientEphemeral();
    const key = await jose.importJWK({ ...vectors.serverPrivateJwk, alg: 'ECDH-ES+A256KW' }, 'ECDH-ES+A256KW');
    for (const n of [1, 2]) {
      const { body } = sealRequest(server.publicJwk, '/p', { n }, { ephemeral });
      const { plaintext } = await jose.compactDecrypt(body, key);
      expect(JSON.parse(new TextDecoder().decode(plaintext)).n).toBe(n);
    }
  });
});

describe("Node's base64url codec", () => {
  it('gives what the portable codec gives, and refuses what it refuses', async () => {
    const node = await import('./node.ts');
    for (let n = 0; n < 70; n++) {
      const bytes = crypto.randomBytes(n);
      expect(node.b64url(bytes)).toBe(b64url(bytes));
      expect(Buffer.from(node.fromB64url(b64url(bytes)))).toEqual(Buffer.from(fromB64url(b64url(bytes))));
    }
    // A view into a larger buffer encodes only its own bytes.
    const whole = crypto.randomBytes(40);
    expect(node.b64url(whole.subarray(5, 17))).toBe(b64url(whole.subarray(5, 17)));
    for (const bad of ['a', 'ab$c', 'ab+c', 'ab/c', 'abc=', 'ab c', 'é']) {
      expect(() => node.fromB64url(bad)).toThrow();
      expect(() => fromB64url(bad)).toThrow();
    }
  });
});

describe("Node's header codec", () => {
  it('writes what the portable one writes, reads what it reads and refuses what it refuses', async () => {
    const node = await import('./node.ts');
    const part = vectors.requestCompact.split('.')[0]!;
    expect(node.decodeHeader(part)).toEqual(decodeHeader(part));
    const badUtf8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]).toString('base64url');
    for (const header of [{ alg: 'dir', enc: 'A256GCM', nonce: 'c2FtcGxlLW5vbmNlLTEyMzQ1Ng' }, decodeHeader(part), { path: '/api/é/ü', n: 1.5 }]) {
      expect(node.encodeHeader(header)).toBe(encodeHeader(header));
    }
    for (const bad of [badUtf8, b64url(new TextEncoder().encode('[1]')), b64url(new TextEncoder().encode('null')), 'ab$c']) {
      expect(() => node.decodeHeader(bad)).toThrow();
      expect(() => decodeHeader(bad)).toThrow();
    }
  });

  it('never repeats an IV across answers', () => {
    const cek = crypto.randomBytes(32);
    const ivs = new Set(Array.from({ length: 2000 }, () => sealResponse(cek, 'n', 1).split('.')[2]));
    expect(ivs.size).toBe(2000);
  });
});

describe('new key pairs (made through DER, never exported from the generated KeyObject)', () => {
  it.each(['x25519', 'ed25519'] as const)('%s: the raw public and private keys are those of the key object', (type) => {
    for (let i = 0; i < 20; i++) {
      const { privateKey, x, d } = newOkpKeyPair(type);
      const jwk = privateKey.export({ format: 'jwk' }) as { x: string; d: string; crv: string };
      expect([jwk.crv, jwk.x, jwk.d]).toEqual([type === 'x25519' ? 'X25519' : 'Ed25519', x, d]);
    }
  });

  it('a client ephemeral key made this way agrees with the server key', () => {
    const server = loadServerKey(generateServerKey());
    const sealed = sealRequest(server.publicJwk, '/p', { a: 1 }, { ephemeral: newClientEphemeral() });
    expect(JSON.parse(openRequest(server, sealed.body).plaintext.toString('utf8'))).toMatchObject({ a: 1 });
  });
});
