// Proves the game identity token: an external game verifies it with the published key only
// (jose, as docs/support.md describes), and a tampered, expired, foreign-key, wrong-audience or
// alg-none token fails verification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import crypto from 'node:crypto';
import { gameTokenLifetimeSeconds } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, type TestApp } from '../../../../test/helper.ts';
import { gameTokenKeyPath } from './game-token.ts';

describe.each(dialects)('game identity token on %s', (dialect) => {
  let t: TestApp;
  let jwks: JSONWebKeySet;
  const verify = (token: string, currentDate?: Date) =>
    jwtVerify(token, createLocalJWKSet(jwks), {
      algorithms: ['EdDSA'],
      issuer: t.config.gameTokenIssuer,
      audience: t.config.gameTokenAudience,
      clockTolerance: 30,
      ...(currentDate ? { currentDate } : {}),
    });

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await registerMember(t, 'gamer');
    t.client.token = await login(t, 'gamer', 'Passw0rd!x');
    const res = await t.app.inject({ method: 'GET', url: gameTokenKeyPath });
    expect(res.statusCode).toBe(200);
    jwks = res.json() as JSONWebKeySet;
  });
  afterAll(async () => t.close());

  it('gives a short-lived EdDSA token with iss, aud, sub and exp that verifies with the published key', async () => {
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const r = await t.client.call<{ token: string; expiresAt: number; userName: string }>('gmtUserInfo');
    expect(r.code, r.message).toBe(20000);
    const { payload, protectedHeader } = await verify(r.data.token);
    expect(protectedHeader.alg).toBe('EdDSA');
    const user = await t.services.dbHandle.db.selectFrom('users').select('user_number').where('user_name', '=', 'gamer').executeTakeFirstOrThrow();
    expect(payload).toMatchObject({ iss: t.config.gameTokenIssuer, aud: t.config.gameTokenAudience, sub: user.user_number, name: 'gamer' });
    expect(payload.exp! - payload.iat!).toBe(gameTokenLifetimeSeconds);
    expect(r.data.expiresAt).toBe(payload.exp! * 1000);
    expect(r.data.userName).toBe('gamer');
  });

  it('fails verification when tampered, expired, signed by another key, for another audience, or alg none', async () => {
    const { token } = (await t.client.call<{ token: string }>('gmtUserInfo')).data;
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '0000000001' })).toString('base64url');
    await expect(verify(`${h}.${forged}.${s}`)).rejects.toThrow(/signature/);
    const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
    await expect(verify(`${h}.${p}.${flipped}`)).rejects.toThrow();
    // Expired: past exp plus the allowed skew.
    await expect(verify(token, new Date((claims.exp + 31) * 1000))).rejects.toThrow(/exp/);
    // Within the skew it still verifies.
    await expect(verify(token, new Date((claims.exp + 10) * 1000))).resolves.toBeDefined();
    // Another key.
    const { privateKey } = crypto.generateKeyPairSync('ed25519');
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid: jwks.keys[0]!.kid }).sign(privateKey);
    await expect(verify(foreign)).rejects.toThrow();
    // alg none.
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
    await expect(verify(none)).rejects.toThrow();
    // Another audience.
    await expect(
      jwtVerify(token, createLocalJWKSet(jwks), { algorithms: ['EdDSA'], issuer: t.config.gameTokenIssuer, audience: 'another-game' }),
    ).rejects.toThrow(/aud/);
    // The server's own verifier agrees.
    await expect(t.services.gameTokens.verify(`${h}.${forged}.${s}`)).rejects.toThrow();
    expect((await t.services.gameTokens.verify(token)).sub).toBe(claims.sub);
  });

  it('needs a member session', async () => {
    const anonymous = new (t.client.constructor as typeof import('../../../../test/helper.ts').TestClient)(t.app, t.serverKey.publicJwk);
    expect((await anonymous.call('gmtUserInfo')).status).toBe(401);
  });
});
