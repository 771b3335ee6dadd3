/**
 * Member accounts: registration into the referrer's tree, login, passwords and transaction
 * passwords. Every check runs before anything is written; the write that could race (the name)
 * is guarded by a unique index, not by the earlier read.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  maskEmail,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type UpdatePasswordRequest,
  type UpdateTransactionPasswordRequest,
  type UserInfo,
} from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { requestKey, type OnceKey } from '../../../db/once.ts';
import { isAnswered, onceInTransaction, sleep, storedAnswer } from './keyed.ts';
import { num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';
import { addressKey, clearHits, countHeldFailure, holdHit, lockWhenFull, peekHits, releaseHit, reserveHit } from '../../../plugins/rate-limit.ts';
import type { LoginThrottle } from '../../../plugins/login-throttle.ts';
import type { SessionIdentity, SessionService } from '../sessions/index.ts';
import { isKnownCountry } from '../../platform/countries/index.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { AccountRepository, nameKey, type UserRow } from './repository.ts';
import type { EventEmitter } from '../../../lib/events.ts';
import type { EmailCodeService } from './email-codes.ts';

export const accountLimits = {
  registrationsPerIpPerHourMax: 10,
} as const;

/** The rate_limits key of a member's transaction-password failures (decision 007). */
export function txPasswordKey(userId: string): string {
  return `tx:${userId}`;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? '');
}

/** Thrown by a keyed work whose secret check failed: checkedOnce counts it and answers the limit's refusal. */
const wrongSecret = new Error('wrong secret');

/** How long a keyed send turned away by places held for checks in flight waits for them. */
const busyWaitMs = 3_000;

function randomDigits(count: number): string {
  let out = String(crypto.randomInt(1, 10));
  while (out.length < count) out += String(crypto.randomInt(0, 10));
  return out;
}

export class AccountService {
  readonly repository: AccountRepository;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly settings: ConfigService,
    private readonly throttle: LoginThrottle,
    /** Tells `memberCreated` in the registration's transaction (the community figures; decision 021). */
    private readonly events: EventEmitter,
    /**
     * What a right password leads to. The composition root hands it the security centre's (a
     * session, or the second step for members with two-step login on, decision 010); without
     * one it is a session.
     */
    private readonly afterPassword: (userId: string, request: FastifyRequest) => Promise<LoginResponse> = (userId, request) =>
      this.startSession(userId, request),
  ) {
    this.repository = new AccountRepository(db);
  }

  /** Every money action starts here: the account may move money and the transaction password is right. */
  async authorizeMoneyAction(userId: string, transactionPassword: string): Promise<UserRow> {
    const user = await this.mustGet(userId);
    if (num(user.is_money_locked)) throw new AppError('user.moneyLocked');
    await this.verifyTransactionPassword(userId, transactionPassword);
    return user;
  }

  /**
   * Registration, once per key (public: the actor is the name asked for, less case; passwords,
   * codes and the image code stay out of the key). An answer already stored comes back before
   * anything is checked: the retry's image code and e-mail code are spent. Otherwise the image
   * code is checked (a send racing an identical one that spent it waits a moment for its
   * answer), the address's place is reserved, the e-mail code's guess is counted, and only in the
   * write's transaction, with the code spent there, are the name and the invite ID looked at, so
   * a stranger without a code learns nothing about which names exist (decision 007). A refused
   * attempt gives its place back, and so does a send answered by an identical one.
   */
  async register(
    input: RegisterRequest & { requestId: string },
    ip: string,
    captcha: { verify(): Promise<void>; wasSpent(): Promise<boolean> },
    emailCodes: EmailCodeService,
  ): Promise<{ ok: true }> {
    if (!isKnownCountry(input.countryCode)) {
      throw new AppError('request.invalid', undefined, 'countryCode', 'validation.selectCountry');
    }
    const key = requestKey('userRegister', input.userName.trim().toLowerCase(), { ...input, email: input.email.toLowerCase() }, [
      'password',
      'confirmPassword',
      'transactionPassword',
      'confirmTransactionPassword',
      'emailCode',
      'captchaId',
      'captchaCode',
    ]);
    const waitUntil = Date.now() + busyWaitMs;
    for (;;) {
      if (await isAnswered(this.db, key)) return storedAnswer(this.db, key);
      try {
        await captcha.verify();
        break;
      } catch (error) {
        if (error instanceof AppError && error.key === 'captcha.invalid' && Date.now() < waitUntil && (await captcha.wasSpent())) {
          await sleep(50);
          continue;
        }
        throw error;
      }
    }
    const place = await reserveHit(this.db, `register:ip:${addressKey(ip)}`, 3_600_000, accountLimits.registrationsPerIpPerHourMax);
    if (!place.isReserved) throw new AppError('rate.limited', { seconds: Math.max(1, Math.ceil((place.resetsAt - Date.now()) / 1000)) });
    try {
      const hashes = await this.hashesOf(input);
      for (let attempt = 0; ; attempt++) {
        try {
          const check = { email: input.email.toLowerCase(), purpose: 'REGISTER', userId: null, code: input.emailCode } as const;
          const { answer, isFirst } = await emailCodes.onceWithCode(key, check, async (tx) => {
            if (await this.repository.byName(input.userName, tx)) throw new AppError('user.nameTaken');
            const referrer = await this.repository.byReferralId(input.inviteId, tx);
            if (!referrer) throw new AppError('user.inviteNotFound');
            await this.insertMember(tx, input, referrer, hashes);
            return { ok: true as const };
          });
          if (!isFirst) await releaseHit(this.db, place);
          return answer;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (await this.repository.byName(input.userName)) throw new AppError('user.nameTaken');
          // A referral ID or user number collided: the claim went with it; draw new ones, a bounded number of times.
          if (attempt >= 5) throw error;
        }
      }
    } catch (error) {
      await releaseHit(this.db, place);
      throw error;
    }
  }

  private async hashesOf(input: RegisterRequest): Promise<{ passwordHash: string; txPasswordHash: string }> {
    const [passwordHash, txPasswordHash] = await Promise.all([hashPassword(input.password), hashPassword(input.transactionPassword)]);
    return { passwordHash, txPasswordHash };
  }

  /** Writes the member outside a keyed request (the demo seed). */
  async createMember(input: RegisterRequest, referrer: UserRow | null): Promise<string> {
    const hashes = await this.hashesOf(input);
    for (let attempt = 0; ; attempt++) {
      try {
        return await inTransaction(this.db, (tx) => this.insertMember(tx, input, referrer, hashes));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await this.repository.byName(input.userName)) throw new AppError('user.nameTaken');
        // A referral ID or user number collided: draw new ones, a bounded number of times.
        if (attempt >= 5) throw error;
      }
    }
  }

  /** The member's row and the community figures it changes, in one transaction (decision 021). */
  private async insertMember(
    tx: Tx,
    input: RegisterRequest,
    referrer: UserRow | null,
    hashes: { passwordHash: string; txPasswordHash: string },
  ): Promise<string> {
    const id = crypto.randomUUID();
    const createdAt = Date.now();
    await tx
      .insertInto('users')
      .values({
        id,
        user_name: input.userName,
        user_name_key: nameKey(input.userName),
        password_hash: hashes.passwordHash,
        tx_password_hash: hashes.txPasswordHash,
        country_code: input.countryCode,
        email: input.email.toLowerCase(),
        referral_id: randomDigits(8),
        user_number: randomDigits(10),
        referrer_id: referrer?.id ?? null,
        tree_path: referrer ? `${referrer.tree_path}${referrer.id}/` : '/',
        level: 0,
        buy_purchase_code_status: 0,
        is_protected: 0,
        auto_top_up: 0,
        agree_status: 1,
        is_login_locked: 0,
        is_money_locked: 0,
        created_at: createdAt,
      })
      .execute();
    await this.events.emit(tx, 'memberCreated', { memberId: id, referrerId: referrer?.id ?? null, at: createdAt });
    return id;
  }

  /**
   * Login: the throttle reserves the attempt (and checks or asks for the image code) before the
   * password hash is checked; a wrong password counts its places, a right one gives them back.
   */
  async login(input: LoginRequest, request: FastifyRequest) {
    const user = await this.repository.byName(input.userName);
    const ticket = await this.throttle.begin({
      scope: 'USER',
      accountKey: nameKey(input.userName),
      accountId: user?.id ?? null,
      ip: request.ip,
      captchaId: input.captchaId,
      captchaCode: input.captchaCode,
    });
    const isValid = await verifyPassword(user?.password_hash ?? null, input.password);
    if (!user || !isValid) {
      await ticket.failed();
      throw new AppError('auth.invalidCredentials');
    }
    await ticket.succeeded();
    if (num(user.is_login_locked)) throw new AppError('auth.loginDisabled');
    return this.afterPassword(user.id, request);
  }

  /**
   * The one place a member session begins, after every check of the sign-in passed (the security
   * centre's second step calls it too, decision 010). The address becomes known (decision 007).
   */
  async startSession(userId: string, request: FastifyRequest) {
    await this.throttle.rememberAddress('USER', userId, request.ip);
    return this.sessions.create(userId, 'USER', request);
  }

  async memberByNameAndEmail(userName: string, email: string): Promise<UserRow | null> {
    const user = await this.repository.byName(userName);
    return user && user.email === email.toLowerCase() ? user : null;
  }

  /** Sets a forgotten password inside a keyed write's transaction (the e-mailed code spent in it); every session ends. */
  async resetPassword(tx: Tx, userId: string, passwordHash: string): Promise<void> {
    await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await this.sessions.revokeAll(userId, 'USER', undefined, tx);
  }

  async mustGet(userId: string): Promise<UserRow> {
    const user = await this.repository.byId(userId);
    if (!user) throw new AppError('auth.expired');
    return user;
  }

  /**
   * A keyed password change (the request's `requestId`; the passwords are left out of the key's
   * input, a secret is not kept even hashed). The old password is checked inside `once`, so a
   * retry after a lost answer gets the first answer, though the old password it carries has
   * changed since. `isFirst` tells the route whether this call changed it (the e-mail goes once).
   */
  async updatePassword(session: SessionIdentity, input: UpdatePasswordRequest & { requestId: string }, ip: string) {
    const user = await this.mustGet(session.userId);
    const key = requestKey('updatePassWord', user.id, input, ['oldPassword', 'password', 'confirmPassword']);
    const passwordHash = await hashPassword(input.password);
    return this.checkedOnce(
      key,
      async () => {
        // The old password is a password guess like a login: it counts toward the same limits.
        const ticket = await this.throttle.begin({ scope: 'USER', accountKey: user.user_name_key, accountId: user.id, ip, isCallerProven: true });
        return { succeeded: ticket.succeeded, failed: async () => (await ticket.failed(), new AppError('user.oldPasswordWrong')) };
      },
      async (tx) => {
        const stored = await tx.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
        if (!(await verifyPassword(stored.password_hash, input.oldPassword))) throw wrongSecret;
        await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
        // Every other session ends; the one that proved the old password goes on (decision 005).
        await this.sessions.revokeAll(user.id, 'USER', session.sessionId, tx);
        return { ok: true as const };
      },
    );
  }

  /**
   * `once` for a keyed write guarded by a slow secret check under a limit. An answer already
   * stored is given back before any limit or check: the retry of a change that went through
   * would fail the old secret now. Otherwise the limit reserves the attempt, then the check and
   * the write run inside `once`, so of identical sends one checks and writes and the others wait
   * for its answer. A send the limit turns away because places are held by checks still running
   * waits a moment and looks again: those checks are mostly its own twins, whose answer is its.
   * A wrong secret (the work throws `wrongSecret`) rolls back the claim and counts the failure.
   */
  private async checkedOnce<T>(
    key: OnceKey,
    reserve: () => Promise<{ succeeded(): Promise<void>; failed(): Promise<AppError> }>,
    work: (tx: Tx) => Promise<T>,
  ): Promise<{ answer: T; isFirst: boolean }> {
    const waitUntil = Date.now() + busyWaitMs;
    for (;;) {
      if (await isAnswered(this.db, key)) return { answer: await storedAnswer<T>(this.db, key), isFirst: false };
      let ticket;
      try {
        ticket = await reserve();
      } catch (error) {
        if (error instanceof AppError && error.key === 'rate.limited' && Date.now() < waitUntil) {
          await sleep(50);
          continue;
        }
        throw error;
      }
      try {
        const done = await onceInTransaction(this.db, key, work);
        await ticket.succeeded();
        return done;
      } catch (error) {
        if (error === wrongSecret) throw await ticket.failed();
        await ticket.succeeded();
        throw error;
      }
    }
  }

  /**
   * Checks a transaction password with the lock: txPasswordFailuresMax wrong entries within
   * txPasswordLockMinutes lock money actions for txPasswordLockMinutes from the last one. The
   * attempt holds its place before the hash is checked, so a burst sees at most the limit; the
   * hold has a lease of a few seconds (holdLeaseMs), so a process killed mid-check does not leave
   * it taken (decision 038). A wrong entry turns its hold into a counted failure.
   */
  async verifyTransactionPassword(userId: string, password: string): Promise<void> {
    const user = await this.mustGet(userId);
    const attempt = await this.holdTxAttempt(userId);
    if (await verifyPassword(user.tx_password_hash, password)) {
      await attempt.succeeded();
      return;
    }
    throw await attempt.failed();
  }

  /** Holds a place for one transaction-password check; `failed` counts it and gives the refusal to answer. */
  private async holdTxAttempt(userId: string): Promise<{ succeeded(): Promise<void>; failed(): Promise<AppError> }> {
    const max = await this.settings.get('security.txPasswordFailuresMax');
    const lockMs = (await this.settings.get('security.txPasswordLockMinutes')) * 60_000;
    const key = txPasswordKey(userId);
    const place = await holdHit(this.db, key, lockMs, max);
    const minutesLeft = (resetsAt: number) => Math.max(1, Math.ceil((resetsAt - Date.now()) / 60_000));
    if (!place.isReserved) {
      if (place.hits >= max) throw new AppError('user.txLocked', { minutes: minutesLeft(place.resetsAt) });
      // Places are held by entries still being checked: not a lock, a moment's wait.
      throw new AppError('rate.limited', { seconds: 1 });
    }
    return {
      succeeded: () => releaseHit(this.db, place),
      failed: async () => {
        await countHeldFailure(this.db, place, lockMs);
        const window = await lockWhenFull(this.db, key, lockMs, max, lockMs);
        if (window.isLocked) return new AppError('user.txLocked', { minutes: minutesLeft(window.resetsAt) });
        return new AppError('user.txPasswordWrong', { triesLeft: Math.max(1, max - window.hits) });
      },
    };
  }

  /** The transaction-password lock as staff see it: failures in the window, and until when money actions are locked (0: not locked). */
  async txLockState(userId: string): Promise<{ txFailures: number; txLockedUntil: number }> {
    const max = await this.settings.get('security.txPasswordFailuresMax');
    const lockMs = (await this.settings.get('security.txPasswordLockMinutes')) * 60_000;
    const window = await peekHits(this.db, txPasswordKey(userId), lockMs);
    return { txFailures: Math.min(window.hits, max), txLockedUntil: window.hits >= max ? window.resetsAt : 0 };
  }

  /** Keyed as updatePassword: the old transaction password is checked inside `once`, under its lock. */
  async updateTransactionPassword(session: SessionIdentity, input: UpdateTransactionPasswordRequest & { requestId: string }) {
    const userId = session.userId;
    await this.mustGet(userId);
    const key = requestKey('updateTransactionPassword', userId, input, ['oldTransactionPassword', 'transactionPassword', 'confirmTransactionPassword']);
    const txHash = await hashPassword(input.transactionPassword);
    return this.checkedOnce(
      key,
      () => this.holdTxAttempt(userId),
      async (tx) => {
        const stored = await tx.selectFrom('users').select('tx_password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
        if (!(await verifyPassword(stored.tx_password_hash, input.oldTransactionPassword))) throw wrongSecret;
        await tx.updateTable('users').set({ tx_password_hash: txHash }).where('id', '=', userId).execute();
        return { ok: true as const };
      },
    );
  }

  /** Sets a forgotten transaction password inside a keyed write's transaction (the e-mailed code spent in it). */
  async resetTransactionPassword(tx: Tx, userId: string, txHash: string): Promise<void> {
    await tx.updateTable('users').set({ tx_password_hash: txHash }).where('id', '=', userId).execute();
    // A reset by e-mail code proves the owner: the lock of the old password ends with it.
    await clearHits(tx, txPasswordKey(userId));
  }

  async userInfo(userId: string, origin: string): Promise<UserInfo> {
    const user = await this.mustGet(userId);
    return {
      id: user.id,
      userName: user.user_name,
      userNumber: user.user_number,
      countryCode: user.country_code,
      email: user.email,
      emailMasked: maskEmail(user.email),
      referralId: user.referral_id,
      referrerUserName: await this.repository.nameOf(user.referrer_id),
      level: num(user.level),
      buyPurchaseCodeStatus: num(user.buy_purchase_code_status) === 1,
      invitationCode: user.referral_id,
      referralLink: `${origin}/#/register?inviteId=${encodeURIComponent(user.referral_id)}`,
      isProtected: num(user.is_protected) === 1,
      autoTopUp: num(user.auto_top_up) === 1,
      agreeStatus: num(user.agree_status) === 1,
      createdAt: num(user.created_at),
    };
  }

  async setAgreeStatus(userId: string): Promise<void> {
    await this.db.updateTable('users').set({ agree_status: 1 }).where('id', '=', userId).execute();
  }
}
