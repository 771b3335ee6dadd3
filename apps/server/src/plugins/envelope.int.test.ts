// Proves the envelope refuses every bad request with a clear code and no side effect, and that
// an answer opens only with the key of the request it answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b64url, decodeHeader, encodeHeader, mediaType } from '@pp/envelope';
import { newClientEphemeral, openResponse, sealRequest } from '@pp/envelope/node';
import { dialects, makeTestApp, type TestApp } from '../../test/helper.ts';

describe.each(dialects)('envelope on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(async () => t.close());

  const path = '/api/country/list';
  async function raw(payload: string, contentType = mediaType, url = path) {
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType, 'accept-language': 'en-US' }, payload });
    return { status: res.statusCode, body: res.json() as { code: number; error?: string; message: string; data: unknown } };
  }

  it('accepts a sealed request and answers with sealed data', async () => {
    const result = await t.client.call<unknown[]>('countryList');
    expect(result.status).toBe(200);
    expect(result.code).toBe(20000);
    expect(result.data.length).toBeGreaterThan(10);
  });

  it('answers a standard ECDH-ES+A256KW request as it answers the dir requests of our clients', async () => {
    for (const alg of ['dir', 'ECDH-ES+A256KW'] as const) {
      const sealed = sealRequest(t.serverKey.publicJwk, path, {}, { alg });
      const { status, body } = await raw(sealed.body);
      expect(status).toBe(200);
      expect(body.code).toBe(20000);
      expect((openResponse(sealed.cek, sealed.nonce, body.data as string) as unknown[]).length).toBeGreaterThan(10);
    }
  });

  it('refuses plaintext JSON', async () => {
    const { status, body } = await raw(JSON.stringify({ hello: 1 }), 'application/json');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 9001, error: 'envelope.required', data: null });
    expect(body.message).toBe('This request must be encrypted');
  });

  it('refuses a JWE sent as another content type, an empty body and garbage', async () => {
    const sealed = sealRequest(t.serverKey.publicJwk, path, {});
    expect((await raw(sealed.body, 'text/plain')).body.error).toBe('envelope.required');
    expect((await raw('', mediaType)).body.error).toBe('envelope.malformed');
    expect((await raw('not.a.jwe', mediaType)).body.error).toBe('envelope.malformed');
    expect((await raw('a.b.c.d.e', mediaType)).body.error).toBe('envelope.malformed');
    expect((await raw('\u0000\u00ff'.repeat(50), mediaType)).status).toBe(400);
  });

  it('refuses a truncated request', async () => {
    const sealed = sealRequest(t.serverKey.publicJwk, path, { a: 1 });
    for (const cut of [10, sealed.body.length / 2, sealed.body.length - 3]) {
      const { status, body } = await raw(sealed.body.slice(0, Math.floor(cut)));
      expect(status).toBe(400);
      expect(['envelope.malformed', 'envelope.decrypt']).toContain(body.error);
    }
  });

  it('refuses a tampered IV, ciphertext, tag, wrapped key or header', async () => {
    const sealed = sealRequest(t.serverKey.publicJwk, path, { a: 1 });
    const parts = sealed.body.split('.');
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return b64url(bytes);
    };
    for (const index of [2, 3, 4]) {
      const tampered = parts.map((p, i) => (i === index ? flip(p) : p)).join('.');
      const { status, body } = await raw(tampered);
      expect(status).toBe(400);
      expect(body.error).toBe('envelope.decrypt');
    }
    // A dir request carries no encrypted key: one put in is malformed.
    expect(parts[1]).toBe('');
    const withKey = [parts[0], b64url(Buffer.alloc(40, 7)), ...parts.slice(2)].join('.');
    expect((await raw(withKey)).body.error).toBe('envelope.malformed');
    // An ECDH-ES+A256KW request with its wrapped key flipped fails the unwrap.
    const wrappedParts = sealRequest(t.serverKey.publicJwk, path, { a: 1 }, { alg: 'ECDH-ES+A256KW' }).body.split('.');
    const badWrap = wrappedParts.map((p, i) => (i === 1 ? flip(p) : p)).join('.');
    expect(await raw(badWrap)).toMatchObject({ status: 400, body: { error: 'envelope.decrypt' } });
    // A header changed to another path still fails: the header is the GCM associated data.
    const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString());
    header.path = '/api/app/user/login';
    const forged = [b64url(Buffer.from(JSON.stringify(header))), ...parts.slice(1)].join('.');
    expect((await raw(forged, mediaType, '/api/app/user/login')).body.error).toBe('envelope.decrypt');
  });

  it('refuses a request sealed for another path', async () => {
    const sealed = sealRequest(t.serverKey.publicJwk, '/api/captcha/image', {});
    const { status, body } = await raw(sealed.body);
    expect(status).toBe(400);
    expect(body.error).toBe('envelope.pathMismatch');
  });

  it('refuses a stale request and one from the future', async () => {
    for (const offset of [-5 * 60_000 - 5_000, 5 * 60_000 + 5_000]) {
      const sealed = sealRequest(t.serverKey.publicJwk, path, {}, { time: Date.now() + offset });
      const { status, body } = await raw(sealed.body);
      expect(status).toBe(400);
      expect(body.error).toBe('envelope.stale');
    }
    const fresh = sealRequest(t.serverKey.publicJwk, path, {}, { time: Date.now() - 4 * 60_000 });
    expect((await raw(fresh.body)).body.code).toBe(20000);
  });

  it('refuses a replayed request, also after a refusal of another kind', async () => {
    const sealed = sealRequest(t.serverKey.publicJwk, path, {});
    expect((await raw(sealed.body)).body.code).toBe(20000);
    const again = await raw(sealed.body);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('envelope.replayed');
  });

  it('refuses a low-order or all-zero ephemeral key as envelope.decrypt, never a 500', async () => {
    const sealed = sealRequest(t.serverKey.publicJwk, path, {});
    const [head, ...rest] = sealed.body.split('.');
    const header = decodeHeader(head!);
    for (const hex of ['00'.repeat(32), `01${'00'.repeat(31)}`, 'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800', `ec${'ff'.repeat(30)}7f`]) {
      const patched = encodeHeader({ ...header, epk: { ...(header.epk as object), x: b64url(Buffer.from(hex, 'hex')) } });
      const { status, body } = await raw([patched, ...rest].join('.'));
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 9001, error: 'envelope.decrypt', data: null });
    }
  });

  it('refuses a request for another server key', async () => {
    const other = { x: newClientEphemeral().x };
    const sealed = sealRequest({ kty: 'OKP', crv: 'X25519', x: other.x }, path, {});
    const { status, body } = await raw(sealed.body);
    expect(status).toBe(400);
    expect(body.error).toBe('envelope.unknownKey');
  });

  it('refuses a body over the size limit with a clear error', async () => {
    const { status, body } = await raw('a'.repeat(1024 * 1024 + 10));
    expect(status).toBe(413);
    expect(body.error).toBe('request.tooLarge');
  });

  it('answers data that opens only with the key of its own request', async () => {
    const first = sealRequest(t.serverKey.publicJwk, path, {});
    const second = sealRequest(t.serverKey.publicJwk, path, {});
    const res1 = (await raw(first.body)).body;
    const res2 = (await raw(second.body)).body;
    expect(openResponse(first.cek, first.nonce, res1.data as string)).toBeInstanceOf(Array);
    expect(() => openResponse(second.cek, second.nonce, res1.data as string)).toThrow();
    expect(() => openResponse(second.cek, first.nonce, res1.data as string)).toThrow();
    expect(() => openResponse(first.cek, second.nonce, res2.data as string)).toThrow();
  });

  it('answers a GET or an unknown API path without a crash', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/country/list' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ code: 9001, error: 'route.notFound' });
    const unknown = await t.client.post('/api/app/nothing/here', {});
    expect(unknown.status).toBe(404);
    expect(unknown.error).toBe('route.notFound');
  });

  it('speaks the language of the Accept-Language header', async () => {
    const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' }, payload: '{}' });
    expect(res.json().message).toBe('请求必须加密');
  });
});
