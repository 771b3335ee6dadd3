/**
 * Member accounts: registration into the referrer's tree, login, passwords and transaction
 * passwords. Every check runs before anything is written; the write that could race (the name)
 * is guarded by a unique index, not by the earlier read.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  maskEmail,
  type ForgotPasswordRequest,
  type ForgotTransactionPasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type UpdatePasswordRequest,
  type UpdateTransactionPasswordRequest,
  type UserInfo,
} from '@pp/contract';
import type { Db } from '../../db/index.ts';
import { num } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { clearHits, countHit, peekHits } from '../../plugins/rate-limit.ts';
import type { SessionIdentity, SessionService } from '../sessions/service.ts';
import { isKnownCountry } from '../countries/data.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { ConfigService } from '../config/service.ts';
import { AccountRepository, nameKey, type UserRow } from './repository.ts';

export const accountLimits = {
  loginFailuresPerAccountMax: 5,
  loginFailuresPerIpMax: 30,
  loginFailureWindowMs: 15 * 60_000,
  registrationsPerIpPerHourMax: 10,
} as const;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? '');
}

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

  async assertRegistrationAllowed(input: RegisterRequest, ip: string): Promise<UserRow> {
    if (!isKnownCountry(input.countryCode)) {
      throw new AppError('request.invalid', undefined, 'countryCode', 'validation.selectCountry');
    }
    const perIp = await peekHits(this.db, `register:ip:${ip}`, 3_600_000);
    if (perIp.hits >= accountLimits.registrationsPerIpPerHourMax) {
      throw new AppError('rate.limited', { seconds: Math.ceil((perIp.resetsAt - Date.now()) / 1000) });
    }
    if (await this.repository.byName(input.userName)) throw new AppError('user.nameTaken');
    const referrer = await this.repository.byReferralId(input.inviteId);
    if (!referrer) throw new AppError('user.inviteNotFound');
    return referrer;
  }

  /** Writes the member. Call after assertRegistrationAllowed and after the e-mail code is used. */
  async createMember(input: RegisterRequest, referrer: UserRow | null, ip: string): Promise<string> {
    const [passwordHash, txPasswordHash] = await Promise.all([
      hashPassword(input.password),
      hashPassword(input.transactionPassword),
    ]);
    const id = crypto.randomUUID();
    for (let attempt = 0; ; attempt++) {
      try {
        await this.db
          .insertInto('users')
          .values({
            id,
            user_name: input.userName,
            user_name_key: nameKey(input.userName),
            password_hash: passwordHash,
            tx_password_hash: txPasswordHash,
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
            tx_failures: 0,
            tx_locked_until: 0,
            created_at: Date.now(),
          })
          .execute();
        break;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await this.repository.byName(input.userName)) throw new AppError('user.nameTaken');
        // A referral ID or user number collided: draw new ones, a bounded number of times.
        if (attempt >= 5) throw error;
      }
    }
    await countHit(this.db, `register:ip:${ip}`, 3_600_000);
    return id;
  }

  async login(input: LoginRequest, request: FastifyRequest) {
    const accountKey = `login:account:${nameKey(input.userName)}`;
    const ipKey = `login:ip:${request.ip}`;
    const { loginFailureWindowMs: windowMs } = accountLimits;
    const [byAccount, byIp] = await Promise.all([peekHits(this.db, accountKey, windowMs), peekHits(this.db, ipKey, windowMs)]);
    const blocked =
      byAccount.hits >= accountLimits.loginFailuresPerAccountMax
        ? byAccount
        : byIp.hits >= accountLimits.loginFailuresPerIpMax
          ? byIp
          : null;
    if (blocked) throw new AppError('auth.locked', { minutes: Math.max(1, Math.ceil((blocked.resetsAt - Date.now()) / 60_000)) });
    const user = await this.repository.byName(input.userName);
    const isValid = await verifyPassword(user?.password_hash ?? null, input.password);
    if (!user || !isValid) {
      await Promise.all([countHit(this.db, accountKey, windowMs), countHit(this.db, ipKey, windowMs)]);
      throw new AppError('auth.invalidCredentials');
    }
    if (num(user.is_login_locked)) throw new AppError('auth.loginDisabled');
    await clearHits(this.db, accountKey);
    return this.afterPassword(user.id, request);
  }

  /**
   * What a right password leads to. services.ts hands it to the security centre (a session, or
   * the second step for members with two-step login on, decision 010); alone it is a session.
   */
  afterPassword: (userId: string, request: FastifyRequest) => Promise<LoginResponse> = (userId, request) =>
    this.sessions.create(userId, 'USER', request);

  async memberByNameAndEmail(userName: string, email: string): Promise<UserRow | null> {
    const user = await this.repository.byName(userName);
    return user && user.email === email.toLowerCase() ? user : null;
  }

  async resetPassword(userId: string, input: ForgotPasswordRequest): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: await hashPassword(input.password) }).where('id', '=', userId).execute();
    await this.sessions.revokeAll(userId, 'USER');
  }

  async mustGet(userId: string): Promise<UserRow> {
    const user = await this.repository.byId(userId);
    if (!user) throw new AppError('auth.expired');
    return user;
  }

  async updatePassword(session: SessionIdentity, input: UpdatePasswordRequest): Promise<void> {
    const user = await this.mustGet(session.userId);
    if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw new AppError('user.oldPasswordWrong');
    await this.db.updateTable('users').set({ password_hash: await hashPassword(input.password) }).where('id', '=', user.id).execute();
    // Every other session ends; the one that proved the old password goes on (decision 005).
    await this.sessions.revokeAll(user.id, 'USER', session.sessionId);
  }

  /**
   * Checks a transaction password with the lock: after txPasswordFailuresMax wrong entries money
   * actions lock for txPasswordLockMs. The failure count moves in one conditional statement.
   */
  async verifyTransactionPassword(userId: string, password: string): Promise<void> {
    const user = await this.mustGet(userId);
    const now = Date.now();
    const lockedUntil = num(user.tx_locked_until);
    if (lockedUntil > now) throw new AppError('user.txLocked', { minutes: Math.ceil((lockedUntil - now) / 60_000) });
    if (await verifyPassword(user.tx_password_hash, password)) {
      if (num(user.tx_failures) > 0) {
        await this.db.updateTable('users').set({ tx_failures: 0, tx_locked_until: 0 }).where('id', '=', userId).execute();
      }
      return;
    }
    const max = await this.settings.get('security.txPasswordFailuresMax');
    const lockMs = (await this.settings.get('security.txPasswordLockMinutes')) * 60_000;
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({
        tx_failures: eb.case().when('tx_failures', '>=', max - 1).then(0).else(eb('tx_failures', '+', 1)).end(),
        tx_locked_until: eb.case().when('tx_failures', '>=', max - 1).then(now + lockMs).else(eb.ref('tx_locked_until')).end(),
      }))
      .where('id', '=', userId)
      .returning(['tx_failures', 'tx_locked_until'])
      .executeTakeFirstOrThrow();
    if (num(row.tx_locked_until) > now) {
      throw new AppError('user.txLocked', { minutes: Math.ceil(lockMs / 60_000) });
    }
    throw new AppError('user.txPasswordWrong', { triesLeft: max - num(row.tx_failures) });
  }

  async updateTransactionPassword(session: SessionIdentity, input: UpdateTransactionPasswordRequest): Promise<void> {
    await this.verifyTransactionPassword(session.userId, input.oldTransactionPassword);
    const txHash = await hashPassword(input.transactionPassword);
    await this.db.updateTable('users').set({ tx_password_hash: txHash }).where('id', '=', session.userId).execute();
  }

  async resetTransactionPassword(userId: string, input: ForgotTransactionPasswordRequest): Promise<void> {
    const txHash = await hashPassword(input.transactionPassword);
    await this.db
      .updateTable('users')
      .set({ tx_password_hash: txHash, tx_failures: 0, tx_locked_until: 0 })
      .where('id', '=', userId)
      .execute();
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
