/**
 * The member's game identity (decision 024, docs/support.md): a short-lived JWT signed with
 * Ed25519 (alg EdDSA) that an external game verifies with the public key served at
 * `gameTokenKeyPath` (a JWKS). The private key comes from GAME_TOKEN_PRIVATE_KEY or is kept in
 * DATA_DIR/game-token-key.json (every process of one deployment reads the same file or variable).
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { SignJWT, importJWK, jwtVerify, createLocalJWKSet, type JWK, type JWTPayload, type CryptoKey } from 'jose';
import { gameTokenLifetimeSeconds } from '@pp/contract';
import { newOkpKeyPair } from '@pp/envelope/node';
import { DamagedFileError, readJsonFile, writeFileDurably } from '../../../lib/durable-file.ts';

export const gameTokenKeyPath = '/game-token-key.json';
export const gameTokenAlgorithm = 'EdDSA';
/** Seconds of clock difference a verifier should allow (docs/support.md). */
export const gameTokenClockToleranceSeconds = 30;

export interface GameTokenSettings {
  gameTokenKey: string;
  gameTokenIssuer: string;
  gameTokenAudience: string;
  dataDir: string;
}

function loadPrivateJwk(settings: GameTokenSettings): JWK {
  if (settings.gameTokenKey) return JSON.parse(settings.gameTokenKey) as JWK;
  const file = path.join(settings.dataDir, 'game-token-key.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(settings.dataDir, { recursive: true });
    // Made through DER, not exported from the generated KeyObject (newOkpKeyPair: a Node 20 deadlock).
    const jwk = newOkpKeyPair('ed25519').privateKey.export({ format: 'jwk' }) as JWK;
    try {
      // Whole or not at all (lib/durable-file.ts): a short key file would stop every later start.
      writeFileDurably(file, JSON.stringify(jwk), { mode: 0o600, exclusive: true });
      return jwk;
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const remedy = 'restore it from the backup of DATA_DIR, or delete it to make a new key (game tokens already given out then fail to verify)';
  const jwk = readJsonFile<JWK>(file, remedy);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.d !== 'string') throw new DamagedFileError(file, remedy, 'not an Ed25519 private key');
  return jwk;
}

export class GameTokenService {
  private readonly privateJwk: JWK;
  readonly publicJwk: JWK;
  private privateKey: Promise<CryptoKey | Uint8Array>;

  constructor(
    private readonly settings: GameTokenSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.privateJwk = loadPrivateJwk(settings);
    const { d: _d, ...publicPart } = this.privateJwk;
    const kid = crypto.createHash('sha256').update(String(publicPart.x)).digest('base64url').slice(0, 16);
    this.publicJwk = { kty: publicPart.kty, crv: publicPart.crv, x: publicPart.x, kid, alg: gameTokenAlgorithm, use: 'sig' };
    this.privateKey = importJWK({ ...this.privateJwk, alg: gameTokenAlgorithm }, gameTokenAlgorithm);
  }

  get jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  async sign(member: { id: string; userName: string }): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + gameTokenLifetimeSeconds;
    const token = await new SignJWT({ name: member.userName })
      .setProtectedHeader({ alg: gameTokenAlgorithm, typ: 'JWT', kid: this.publicJwk.kid })
      .setIssuer(this.settings.gameTokenIssuer)
      .setAudience(this.settings.gameTokenAudience)
      .setSubject(member.id)
      .setIssuedAt(iat)
      .setNotBefore(iat - gameTokenClockToleranceSeconds)
      .setExpirationTime(exp)
      .setJti(crypto.randomUUID())
      .sign(await this.privateKey);
    return { token, expiresAt: exp * 1000 };
  }

  /** What an external game does (docs/support.md); used by the tests. */
  async verify(token: string, currentDate?: Date): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, createLocalJWKSet(this.jwks), {
      algorithms: [gameTokenAlgorithm],
      issuer: this.settings.gameTokenIssuer,
      audience: this.settings.gameTokenAudience,
      clockTolerance: gameTokenClockToleranceSeconds,
      requiredClaims: ['sub', 'exp', 'iat'],
      ...(currentDate ? { currentDate } : {}),
    });
    return payload;
  }
}
