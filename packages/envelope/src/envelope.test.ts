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
  const fixed = {
    time: vectors.time,
    nonce: vectors.nonce,
    ephemeralPrivateJwk: vectors.ephemeralPrivateJwk as PrivateJwk,
    iv: Buffer.from(vectors.requestIvB64url, 'base64url'),
  };

  it('seal the documented requests exactly, both formats', () => {
    expect(server.kid).toBe(vectors.serverKid);
    expect(sealRequest(server.publicJwk, vectors.path, vectors.payload, fixed).body).toBe(vectors.requestCompact);
    const wrapped = sealRequest(server.publicJwk, vectors.path, vectors.payload, {
      ...fixed,
      alg: 'ECDH-ES+A256KW',
      cek: Buffer.from(vectors.wrappedKey.contentKeyB64url, 'base64url'),
    });
    expect(wrapped.body).toBe(vectors.wrappedKey.requestCompact);
  });

  it('derive the documented keys as protocol.md writes them out', () => {
    // Written from the protocol text, not from our code: Z, the Concat KDF input byte by byte, HMAC.
    const z = crypto.diffieHellman({
      privateKey: crypto.createPrivateKey({ key: vectors.ephemeralPrivateJwk, format: 'jwk' }),
      publicKey: crypto.createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: vectors.serverPrivateJwk.x }, format: 'jwk' }),
    });
    const algorithmId = Buffer.from('PP-CEK-HMAC-SHA256', 'ascii');
    const kdfInput = Buffer.concat([
      Buffer.from('00000001', 'hex'),
      z,
      Buffer.from([0, 0, 0, algorithmId.length]),
      algorithmId,
      Buffer.from('000000000000000000000100', 'hex'),
    ]);
    const kdk = crypto.createHash('sha256').update(kdfInput).digest();
    expect(kdk.toString('base64url')).toBe(vectors.derivationKeyB64url);
    const cek = crypto.createHmac('sha256', kdk).update(Buffer.from(vectors.nonce, 'ascii')).digest();
    expect(cek.toString('base64url')).toBe(vectors.contentKeyB64url);
  });

  it('open to the documented payload, header and content key, both formats', () => {
    for (const [compact, contentKey, response, alg] of [
      [vectors.requestCompact, vectors.contentKeyB64url, vectors.responseCompact, 'dir'],
      [vectors.wrappedKey.requestCompact, vectors.wrappedKey.contentKeyB64url, vectors.wrappedKey.responseCompact, 'ECDH-ES+A256KW'],
    ] as const) {
      const opened = openRequest(server, compact);
      expect(JSON.parse(opened.plaintext.toString())).toEqual({ ...vectors.payload, time: vectors.time });
      expect(opened.header).toMatchObject({ alg, enc: 'A256GCM', path: vectors.path, time: vectors.time, nonce: vectors.nonce });
      expect(b64url(opened.cek)).toBe(contentKey);
      expect(openResponse(Buffer.from(contentKey, 'base64url'), vectors.nonce, response)).toEqual(vectors.responseData);
    }
  });

  it('are opened by jose, an independent JWE implementation', async () => {
    // dir: a standard JWE under the content key the agreement and the nonce give.
    const cek = fromB64url(vectors.contentKeyB64url);
    const request = await jose.compactDecrypt(vectors.requestCompact, cek);
    expect(JSON.parse(new TextDecoder().decode(request.plaintext))).toMatchObject(vectors.payload);
    expect(request.protectedHeader).toMatchObject({ alg: 'dir', path: vectors.path, nonce: vectors.nonce });
    const answer = await jose.compactDecrypt(vectors.responseCompact, cek);
    expect(JSON.parse(new TextDecoder().decode(answer.plaintext))).toEqual(vectors.responseData);
    // ECDH-ES+A256KW: jose does the whole key agreement itself.
    const key = await jose.importJWK({ ...vectors.serverPrivateJwk, alg: 'ECDH-ES+A256KW' }, 'ECDH-ES+A256KW');
    const { plaintext, protectedHeader } = await jose.compactDecrypt(vectors.wrappedKey.requestCompact, key);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toMatchObject(vectors.payload);
    expect(protectedHeader.path).toBe(vectors.path);
    const wrappedAnswer = await jose.compactDecrypt(vectors.wrappedKey.responseCompact, fromB64url(vectors.wrappedKey.contentKeyB64url));
    expect(JSON.parse(new TextDecoder().decode(wrappedAnswer.plaintext))).toEqual(vectors.responseData);
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

  it('jose can seal a request our server opens, in either format', async () => {
    const pub = await jose.importJWK({ kty: 'OKP', crv: 'X25519', x: server.publicJwk.x }, 'ECDH-ES+A256KW');
    const jwe = await new jose.CompactEncrypt(new TextEncoder().encode('{"hi":1}'))
      .setProtectedHeader({ alg: 'ECDH-ES+A256KW', enc: 'A256GCM', kid: server.kid, path: '/p', time: 1, nonce: 'AAAAAAAAAAAAAAAAAAAAAA' })
      .encrypt(pub);
    expect(openRequest(server, jwe).plaintext.toString()).toBe('{"hi":1}');
    // dir with the documented derivation: jose encrypts under the content key our client derives.
    const nonce = 'BBBBBBBBBBBBBBBBBBBBBB';
    const cek = crypto.createHmac('sha256', Buffer.from(vectors.derivationKeyB64url, 'base64url')).update(nonce).digest();
    const direct = await new jose.CompactEncrypt(new TextEncoder().encode('{"hi":2}'))
      .setProtectedHeader({
        alg: 'dir',
        enc: 'A256GCM',
        kid: server.kid,
        epk: { kty: 'OKP', crv: 'X25519', x: vectors.ephemeralPrivateJwk.x },
        path: '/p',
        time: 1,
        nonce,
      })
      .encrypt(cek);
    expect(openRequest(server, direct).plaintext.toString()).toBe('{"hi":2}');
  });

  it('refuses a dir request that carries an encrypted key, and one whose nonce or alg was changed', () => {
    const parts = sealRequest(server.publicJwk, '/p', { a: 1 }).body.split('.');
    const withKey = [parts[0], b64url(crypto.randomBytes(40)), ...parts.slice(2)].join('.');
    expect(() => openRequest(server, withKey)).toThrow(expect.objectContaining({ failure: 'malformed' }));
    // Another nonce derives another content key (and changes the associated data): decrypt fails.
    const header = decodeHeader(parts[0]!);
    const renonced = [encodeHeader({ ...header, nonce: 'CCCCCCCCCCCCCCCCCCCCCC' }), ...parts.slice(1)].join('.');
    expect(() => openRequest(server, renonced)).toThrow(expect.objectContaining({ failure: 'decrypt' }));
    // The same request relabelled ECDH-ES+A256KW has no wrapped key: malformed.
    const relabelled = [encodeHeader({ ...header, alg: 'ECDH-ES+A256KW' }), ...parts.slice(1)].join('.');
    expect(() => openRequest(server, relabelled)).toThrow(expect.objectContaining({ failure: 'malformed' }));
  });
});

describe('header and base64url checks', () => {
  it('refuse what is not ours', () => {
    const good = decodeHeader(vectors.requestCompact.split('.')[0]!);
    expect(parseRequestHeader(good)).not.toBeNull();
    for (const patch of [
      { alg: 'RSA1_5' },
      { enc: 'A128CBC-HS256' },
      { zip: 'DEF' },
      { crit: ['x'] },
      { nonce: 'short' },
      { time: 'now' },
      { epk: { kty: 'EC' } },
    ]) {
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
    expect(parts.map((p) => p[1])).toEqual(['', '', '']); // dir: no encrypted key travels
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
    for (const x of ['a', 'b', 'c', 'd']) small.set(x, { kdk: Buffer.alloc(32), kek: Buffer.alloc(32) });
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
    // The sealed body of another request under the same ephemeral key does not open under this
    // one's header: its nonce gives another content key.
    const mine = sealRequest(key.publicJwk, '/p', { amount: 1 }, { ephemeral }).body.split('.');
    const other = sealRequest(key.publicJwk, '/p', { amount: 2 }, { ephemeral }).body.split('.');
    expect(() => openRequest(key, [mine[0], ...other.slice(1)].join('.'))).toThrow(EnvelopeError);
    // ECDH-ES+A256KW: a wrapped key from another request does not open this one.
    const wrappedMine = sealRequest(key.publicJwk, '/p', { amount: 1 }, { ephemeral, alg: 'ECDH-ES+A256KW' }).body.split('.');
    const wrappedOther = sealRequest(key.publicJwk, '/p', { amount: 2 }, { ephemeral, alg: 'ECDH-ES+A256KW' }).body.split('.');
    expect(openRequest(key, wrappedMine.join('.')).plaintext.length).toBeGreaterThan(0);
    const swapped = [...wrappedMine];
    swapped[1] = wrappedOther[1]!;
    expect(() => openRequest(key, swapped.join('.'))).toThrow(EnvelopeError);
  });

  it('jose opens two requests that share an ephemeral key', async () => {
    const ephemeral = newClientEphemeral();
    const key = await jose.importJWK({ ...vectors.serverPrivateJwk, alg: 'ECDH-ES+A256KW' }, 'ECDH-ES+A256KW');
    for (const n of [1, 2]) {
      const { body } = sealRequest(server.publicJwk, '/p', { n }, { ephemeral, alg: 'ECDH-ES+A256KW' });
      const { plaintext } = await jose.compactDecrypt(body, key);
      expect(JSON.parse(new TextDecoder().decode(plaintext)).n).toBe(n);
    }
    // dir: each request opens under HMAC-SHA256(derivation key, its nonce), and only that.
    const kdk = ephemeral.agreed!.keys.kdk;
    const sealed = [3, 4].map((n) => sealRequest(server.publicJwk, '/p', { n }, { ephemeral }));
    for (const [i, { body, nonce }] of sealed.entries()) {
      const cek = crypto.createHmac('sha256', kdk).update(nonce).digest();
      const { plaintext } = await jose.compactDecrypt(body, cek);
      expect(JSON.parse(new TextDecoder().decode(plaintext)).n).toBe(i + 3);
    }
    const firstKey = crypto.createHmac('sha256', kdk).update(sealed[0]!.nonce).digest();
    await expect(jose.compactDecrypt(sealed[1]!.body, firstKey)).rejects.toThrow();
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
