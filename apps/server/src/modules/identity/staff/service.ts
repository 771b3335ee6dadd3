/**
 * Staff accounts: password (argon2id, as members) then a TOTP code, always. A new staff member
 * enrols an authenticator on first sign-in (QR code of an otpauth:// URI). A code is accepted
 * once (the last accepted time step is kept). Password and code failures go through the same
 * login throttle as members' (decision 007). Sessions are the shared session service with login
 * type STAFF.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createGuardrails, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { rolePermissions, type StaffRole } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { onceIfKeyed, type OnceKey } from '../../../db/once.ts';
import { AppError } from '../../../errors.ts';
import type { LoginThrottle } from '../../../plugins/login-throttle.ts';
import { hashPassword, verifyPassword } from '../accounts/index.ts';
import type { AuditService, Actor } from '../../platform/audit/index.ts';
import type { SessionService } from '../sessions/index.ts';

export const staffLimits = {
  challengeTtlMs: 5 * 60_000,
  challengeAttemptsMax: 5,
  totpPeriodSeconds: 30,
} as const;

// The documented demo secret (JBSWY3DPEHPK3PXP) is 10 bytes; new secrets we make are 20.
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });
const issuer = 'Points Portal';

export type StaffRow = Awaited<ReturnType<StaffService['byId']>>;

export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly throttle: LoginThrottle,
  ) {}

  byId(id: string) {
    return this.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The staff member of a session, or null when unknown or disabled. */
  async lookup(id: string): Promise<{ id: string; userName: string; role: StaffRole } | null> {
    const row = await this.byId(id);
    if (!row || num(row.is_disabled)) return null;
    return { id: row.id, userName: row.user_name, role: row.role as StaffRole };
  }

  /** A staff member made outside a request (the create-staff command): not audited, no key. */
  async create(userName: string, password: string, role: StaffRole, totpSecret: string | null = null): Promise<string> {
    const passwordHash = await hashPassword(password);
    return this.nameUnique(() => inTransaction(this.db, (tx) => this.insert(tx, userName, passwordHash, role, totpSecret)));
  }

  private async insert(tx: Tx, userName: string, passwordHash: string, role: StaffRole, totpSecret: string | null): Promise<string> {
    const id = crypto.randomUUID();
    const existing = await tx.selectFrom('staff').select('id').where('user_name_key', '=', userName.toLowerCase()).executeTakeFirst();
    if (existing) throw new AppError('staff.nameTaken');
    await tx
      .insertInto('staff')
      .values({
        id,
        user_name: userName,
        user_name_key: userName.toLowerCase(),
        password_hash: passwordHash,
        role,
        totp_secret: totpSecret,
        totp_last_step: 0,
        is_disabled: 0,
        created_at: Date.now(),
        last_login_at: null,
      })
      .execute();
    return id;
  }

  /** Two creates of one name racing: the unique index refuses the later, answered as the name taken. */
  private async nameUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const e = error as { code?: string; message?: string };
      if (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? ''))
        throw new AppError('staff.nameTaken');
      throw error;
    }
  }

  /** Step one: the password, behind the login throttle. Answers a challenge for the code (and the enrolment, if new). */
  async login(input: { userName: string; password: string; captchaId?: string | undefined; captchaCode?: string | undefined }, request: FastifyRequest) {
    const nameKey = input.userName.trim().toLowerCase();
    const row = await this.db.selectFrom('staff').selectAll().where('user_name_key', '=', nameKey).executeTakeFirst();
    const ticket = await this.throttle.begin({
      scope: 'STAFF',
      accountKey: nameKey,
      accountId: row?.id ?? null,
      ip: request.ip,
      captchaId: input.captchaId,
      captchaCode: input.captchaCode,
    });
    const isValid = await verifyPassword(row?.password_hash ?? null, input.password);
    if (!row || !isValid || num(row.is_disabled)) {
      await ticket.failed();
      throw new AppError('auth.invalidCredentials');
    }
    await ticket.succeeded();
    const id = crypto.randomUUID();
    const isEnrolled = row.totp_secret !== null;
    const pendingSecret = isEnrolled ? null : generateSecret();
    await this.db
      .insertInto('staff_challenges')
      .values({
        id,
        staff_id: row.id,
        stage: isEnrolled ? 'totp' : 'totp-setup',
        pending_secret: pendingSecret,
        attempts: 0,
        expires_at: Date.now() + staffLimits.challengeTtlMs,
        used_at: null,
      })
      .execute();
    if (isEnrolled) return { challengeId: id, stage: 'totp' as const };
    const otpauthUri = generateURI({ issuer, label: row.user_name, secret: pendingSecret! });
    const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      challengeId: id,
      stage: 'totp-setup' as const,
      otpauthUri,
      secret: pendingSecret!,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** Step two: the code. On success the challenge is used up and a STAFF session begins. */
  async completeLogin(challengeId: string, code: string, stage: 'totp' | 'totp-setup', request: FastifyRequest) {
    const now = Date.now();
    const challenge = await this.db.selectFrom('staff_challenges').selectAll().where('id', '=', challengeId).executeTakeFirst();
    if (
      !challenge ||
      challenge.stage !== stage ||
      challenge.used_at !== null ||
      num(challenge.expires_at) <= now ||
      num(challenge.attempts) >= staffLimits.challengeAttemptsMax
    ) {
      throw new AppError('staff.challengeExpired');
    }
    const staff = await this.byId(challenge.staff_id);
    if (!staff || num(staff.is_disabled)) throw new AppError('staff.challengeExpired');
    // The code is a guess like the password: a place with the throttle, and one of the challenge's
    // attempts taken in one conditional statement, both before the code is checked.
    const ticket = await this.throttle.begin({ scope: 'STAFF', accountKey: staff.user_name_key, accountId: staff.id, ip: request.ip, isCallerProven: true });
    const attempt = await this.db
      .updateTable('staff_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', challengeId)
      .where('attempts', '<', staffLimits.challengeAttemptsMax)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (attempt.numUpdatedRows !== 1n) {
      await ticket.succeeded();
      throw new AppError('staff.challengeExpired');
    }
    const secret = stage === 'totp-setup' ? challenge.pending_secret : staff.totp_secret;
    if (!secret) {
      await ticket.succeeded();
      throw new AppError('staff.challengeExpired');
    }
    const result = await verify({ secret, token: code, epochTolerance: staffLimits.totpPeriodSeconds, guardrails });
    const step = result.valid && 'timeStep' in result ? Number(result.timeStep) : 0;
    if (!result.valid || step <= num(staff.totp_last_step)) {
      await ticket.failed();
      throw new AppError('staff.codeInvalid');
    }
    await ticket.succeeded();
    const used = await this.db
      .updateTable('staff_challenges')
      .set({ used_at: now })
      .where('id', '=', challengeId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) throw new AppError('staff.challengeExpired');
    // The step moves forward only: two sign-ins with one code cannot both pass.
    const accepted = await this.db
      .updateTable('staff')
      .set({ totp_last_step: step, last_login_at: now, ...(stage === 'totp-setup' ? { totp_secret: secret } : {}) })
      .where('id', '=', staff.id)
      .where('totp_last_step', '<', step)
      .executeTakeFirst();
    if (accepted.numUpdatedRows !== 1n) throw new AppError('staff.codeInvalid');
    // Both steps passed: the one place a staff session begins, and the address becomes known.
    await this.throttle.rememberAddress('STAFF', staff.id, request.ip);
    const session = await this.sessions.create(staff.id, 'STAFF', request);
    const role = staff.role as StaffRole;
    return { ...session, staff: { id: staff.id, userName: staff.user_name, role, permissions: [...rolePermissions[role]] } };
  }

  async list() {
    const rows = await this.db.selectFrom('staff').selectAll().orderBy('created_at').execute();
    return rows.map((r) => this.entry(r));
  }

  entry(r: NonNullable<StaffRow>) {
    return {
      id: r.id,
      userName: r.user_name,
      role: r.role as StaffRole,
      isDisabled: num(r.is_disabled) === 1,
      hasTotp: r.totp_secret !== null,
      createdAt: num(r.created_at),
      lastLoginAt: r.last_login_at === null ? null : num(r.last_login_at),
    };
  }

  /**
   * `key`: the request's idempotency key (db/once.ts). The staff member and the audit entry are
   * written in one transaction inside `once`, so a retry creates and audits nothing more and
   * answers the entry the first one answered (stored as the JSON the endpoint answers).
   */
  async createAudited(actor: Actor, input: { userName: string; password: string; role: StaffRole; reason: string }, key: OnceKey | null = null) {
    const passwordHash = await hashPassword(input.password);
    return this.nameUnique(() =>
      inTransaction(this.db, (tx) =>
        onceIfKeyed(tx, key, async () => {
          const id = await this.insert(tx, input.userName, passwordHash, input.role, null);
          await this.audit.record(tx, actor, {
            action: 'staff.create',
            targetType: 'staff',
            targetId: id,
            before: null,
            after: { userName: input.userName, role: input.role },
            reason: input.reason,
          });
          return this.entry(await tx.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
        }),
      ),
    );
  }

  /** `key`: the request's idempotency key (db/once.ts): a retried change is made and audited once. */
  async update(
    actor: Actor,
    input: { staffId: string; role?: StaffRole; isDisabled?: boolean; resetTotp?: boolean; reason: string },
    key: OnceKey | null = null,
  ) {
    if (input.staffId === actor.id && (input.role !== undefined || input.isDisabled)) throw new AppError('staff.cannotChangeSelf');
    const before = await this.byId(input.staffId);
    if (!before) throw new AppError('staff.notFound');
    await inTransaction(this.db, (tx) =>
      onceIfKeyed(tx, key, async () => {
        await tx
          .updateTable('staff')
          .set({
            ...(input.role !== undefined ? { role: input.role } : {}),
            ...(input.isDisabled !== undefined ? { is_disabled: input.isDisabled ? 1 : 0 } : {}),
            ...(input.resetTotp ? { totp_secret: null, totp_last_step: 0 } : {}),
          })
          .where('id', '=', input.staffId)
          .execute();
        const after = await tx.selectFrom('staff').selectAll().where('id', '=', input.staffId).executeTakeFirstOrThrow();
        await this.audit.record(tx, actor, {
          action: 'staff.update',
          targetType: 'staff',
          targetId: input.staffId,
          before: { role: before.role, isDisabled: num(before.is_disabled) === 1, hasTotp: before.totp_secret !== null },
          after: { role: after.role, isDisabled: num(after.is_disabled) === 1, hasTotp: after.totp_secret !== null },
          reason: input.reason,
        });
      }),
    );
    if (input.isDisabled || input.resetTotp || input.role !== undefined) await this.sessions.revokeAll(input.staffId, 'STAFF');
    return this.entry((await this.byId(input.staffId))!);
  }
}
