/**
 * Sessions: a random 256-bit token, of which only the SHA-256 is stored; idle and absolute
 * expiry; revoked on logout and on password change. An expired or unknown token is answered
 * with 87321 (HTTP 401) by the errors plugin.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';

export type LoginType = 'USER' | 'STAFF';
export interface SessionIdentity {
  sessionId: string;
  userId: string;
  loginType: LoginType;
}

/** A member's other live sessions, newest sign-in first (the sign-in time never moves, so pages do not shift). */
const liveSessionsPage = newestFirst('securitySessionList');

/** last_seen_at is written at most this often, so reads stay reads. */
const lastSeenWriteIntervalMs = 60_000;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return /^[A-Za-z0-9_-]{32,128}$/.test(token) ? token : null;
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly limits: { sessionIdleMs: number; sessionAbsoluteMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  async create(userId: string, loginType: LoginType, request: FastifyRequest) {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = now + this.limits.sessionAbsoluteMs;
    const sessionId = crypto.randomUUID();
    await this.db
      .insertInto('sessions')
      .values({
        id: sessionId,
        token_hash: hashToken(token),
        user_id: userId,
        login_type: loginType,
        ip: request.ip,
        user_agent: String(request.headers['user-agent'] ?? '').slice(0, 300),
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
        revoked_at: null,
      })
      .execute();
    return { token, expiresAt, sessionId };
  }

  /** The session behind the request's bearer token, or AppError('auth.expired'). */
  async authenticate(request: FastifyRequest, loginType: LoginType): Promise<SessionIdentity> {
    const token = bearerToken(request);
    if (!token) throw new AppError('auth.expired');
    return this.authenticateToken(token, loginType);
  }

  /** The session of a token given some other way than the header (the support socket's hello, decision 024). */
  async authenticateToken(token: string, loginType: LoginType): Promise<SessionIdentity> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'login_type', 'last_seen_at', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    const now = this.now();
    if (
      !row ||
      row.login_type !== loginType ||
      row.revoked_at !== null ||
      num(row.expires_at) <= now ||
      num(row.last_seen_at) + this.limits.sessionIdleMs <= now
    ) {
      throw new AppError('auth.expired');
    }
    if (now - num(row.last_seen_at) >= lastSeenWriteIntervalMs) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    }
    return { sessionId: row.id, userId: row.user_id, loginType };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: this.now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  /**
   * Revokes every live session of a user, but the one named in `exceptSessionId`; answers how many ended.
   * Sessions already expired or idle cannot sign in any more, so they are left as they are and not counted:
   * the member is told how many devices were really signed out.
   * `db` is a transaction when the revocation belongs to a write's own (a password change).
   */
  async revokeAll(userId: string, loginType: LoginType, exceptSessionId?: string, db: Db = this.db): Promise<number> {
    const now = this.now();
    let query = db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('login_type', '=', loginType)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', now - this.limits.sessionIdleMs);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * A user's sessions that still work (not revoked, not expired, not idle), but `exceptSessionId`:
   * newest sign-in first, one keyset page; and how many there are in all. A member who signs in
   * every day without signing out collects dozens, so the list is paged like every other list.
   */
  async livePage(userId: string, loginType: LoginType, exceptSessionId: string, cursor: string | undefined, pageSize: number) {
    const query = this.liveQuery(userId, loginType).where('id', '!=', exceptSessionId);
    const page = await keysetPage(query.select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at']), liveSessionsPage, cursor, pageSize);
    const count = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return { ...page, total: Number(count.n) };
  }

  /** One of the user's sessions, when it still works. */
  live(userId: string, loginType: LoginType, sessionId: string) {
    return this.liveQuery(userId, loginType).where('id', '=', sessionId).select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at']).executeTakeFirst();
  }

  private liveQuery(userId: string, loginType: LoginType) {
    const now = this.now();
    return this.db
      .selectFrom('sessions')
      .where('user_id', '=', userId)
      .where('login_type', '=', loginType)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', now - this.limits.sessionIdleMs);
  }

  /** Revokes one live session, only if it belongs to this user; false when there was none. */
  async revokeOwn(userId: string, loginType: LoginType, sessionId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('login_type', '=', loginType)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
