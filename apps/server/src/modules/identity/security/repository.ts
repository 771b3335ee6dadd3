/**
 * Queries of the security centre. Every "once only" rule is one conditional statement whose
 * row count says whether this caller won: a TOTP step moves forward only, a recovery code and a
 * login challenge are used once, and a guess is reserved before the check it pays for.
 */
import crypto from 'node:crypto';
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { deleteBatchSize, deleteInBatches } from '../../../db/batched-delete.ts';
import { inTransaction } from '../../../db/transaction.ts';

export interface LoginHistoryInsert {
  id: string;
  userId: string;
  at: number;
  ip: string;
  userAgent: string;
  browser: string;
  os: string;
  deviceKey: string;
  method: string;
  sessionId: string;
}

export class SecurityRepository {
  constructor(private readonly db: Db) {}

  twoFactor(userId: string) {
    return this.db.selectFrom('member_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  passwordHash(userId: string) {
    return this.db.selectFrom('users').select(['password_hash', 'is_login_locked']).where('id', '=', userId).executeTakeFirst();
  }

  /** Keeps a new secret for a setup in progress; false when two-step login is already on. */
  async savePendingSecret(userId: string, secret: string, now: number): Promise<boolean> {
    const row = await this.db
      .insertInto('member_two_factor')
      .values({ user_id: userId, secret, is_enabled: 0, last_step: 0, guess_count: 0, guess_window_start: 0, created_at: now, enabled_at: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_step: 0, created_at: now }).where('member_two_factor.is_enabled', '=', 0))
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Reserves one guess in the member's window, or answers when the window is full. The count
   * moves in the same statement that checks it, so a burst of parallel guesses evaluates at
   * most `max` of them.
   */
  async reserveGuess(userId: string, max: number, windowMs: number, now: number): Promise<{ isReserved: true } | { isReserved: false; resetsAt: number }> {
    const windowMin = now - windowMs;
    const row = await this.db
      .updateTable('member_two_factor')
      .set((eb) => ({
        guess_count: eb
          .case()
          .when('guess_window_start', '<=', windowMin)
          .then(1)
          .else(eb('guess_count', '+', 1))
          .end(),
        guess_window_start: eb.case().when('guess_window_start', '<=', windowMin).then(now).else(eb.ref('guess_window_start')).end(),
      }))
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('guess_window_start', '<=', windowMin), eb('guess_count', '<', max)]))
      .returning('guess_count')
      .executeTakeFirst();
    if (row) return { isReserved: true };
    const current = await this.twoFactor(userId);
    return { isReserved: false, resetsAt: (current ? num(current.guess_window_start) : now) + windowMs };
  }

  async clearGuesses(userId: string): Promise<void> {
    await this.db.updateTable('member_two_factor').set({ guess_count: 0 }).where('user_id', '=', userId).execute();
  }

  /** Accepts a TOTP time step for this secret if it is newer than every step accepted before. */
  async acceptStep(userId: string, secret: string, step: number, isEnabled: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('member_two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('secret', '=', secret)
      .where('is_enabled', '=', isEnabled ? 1 : 0)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Turns two-step login on with fresh recovery codes, in one transaction. */
  async enable(userId: string, secret: string, codeHashes: string[], now: number): Promise<boolean> {
    return inTransaction(this.db, async (tx) => {
      const result = await tx
        .updateTable('member_two_factor')
        .set({ is_enabled: 1, enabled_at: now, guess_count: 0 })
        .where('user_id', '=', userId)
        .where('secret', '=', secret)
        .where('is_enabled', '=', 0)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return false;
      await tx.deleteFrom('member_recovery_codes').where('user_id', '=', userId).execute();
      await tx
        .insertInto('member_recovery_codes')
        .values(codeHashes.map((hash) => ({ id: crypto.randomUUID(), user_id: userId, code_hash: hash, created_at: now, used_at: null })))
        .execute();
      return true;
    });
  }

  async disable(userId: string): Promise<boolean> {
    return inTransaction(this.db, async (tx) => {
      const result = await tx
        .updateTable('member_two_factor')
        .set({ is_enabled: 0, enabled_at: null, guess_count: 0 })
        .where('user_id', '=', userId)
        .where('is_enabled', '=', 1)
        .executeTakeFirst();
      await tx.deleteFrom('member_recovery_codes').where('user_id', '=', userId).execute();
      return result.numUpdatedRows === 1n;
    });
  }

  async useRecoveryCode(userId: string, codeHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('member_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows >= 1n;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('member_recovery_codes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async createChallenge(idHash: string, userId: string, now: number, ttlMs: number): Promise<void> {
    await this.db
      .insertInto('login_challenges')
      .values({ id_hash: idHash, user_id: userId, attempts: 0, created_at: now, expires_at: now + ttlMs, used_at: null })
      .execute();
  }

  /** Reserves one attempt on a live challenge; null when it is unknown, used, expired or spent. */
  async reserveChallengeAttempt(idHash: string, attemptsMax: number, now: number): Promise<string | null> {
    const row = await this.db
      .updateTable('login_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', attemptsMax)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async useChallenge(idHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('login_challenges')
      .set({ used_at: now })
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Challenges are useless once expired; sweeping them on creation keeps the table small. One
   * short batch at most here (decision 047); the housekeeping job takes whatever more there is.
   */
  async deleteExpiredChallenges(now: number): Promise<void> {
    await deleteInBatches(this.db, 'login_challenges', 'expires_at', BigInt(now), { inclusive: true, maxRows: deleteBatchSize });
  }

  async hasAnyLogin(userId: string): Promise<boolean> {
    return (await this.db.selectFrom('login_history').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
  }

  async hasLoginFrom(userId: string, deviceKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_history')
      .select('id')
      .where('user_id', '=', userId)
      .where('device_key', '=', deviceKey)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async recordLogin(entry: LoginHistoryInsert): Promise<void> {
    await this.db
      .insertInto('login_history')
      .values({
        id: entry.id,
        user_id: entry.userId,
        at: entry.at,
        ip: entry.ip,
        user_agent: entry.userAgent,
        browser: entry.browser,
        os: entry.os,
        device_key: entry.deviceKey,
        method: entry.method,
        session_id: entry.sessionId,
      })
      .execute();
  }

  history(userId: string, limit: number) {
    return this.db
      .selectFrom('login_history')
      .select(['at', 'ip', 'browser', 'os', 'method'])
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  memberContact(userId: string) {
    return this.db.selectFrom('users').select(['user_name', 'email']).where('id', '=', userId).executeTakeFirst();
  }
}
