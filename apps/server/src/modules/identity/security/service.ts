/**
 * The member security centre (decision 010): authenticator (TOTP) two-step login with recovery
 * codes, the second login step, login history with new-device e-mails, and the member's live
 * sessions. As for staff (modules/identity/staff), a TOTP code is good once: the last accepted time step
 * is kept and only a newer one passes, in one conditional update.
 *
 * Guessing is limited twice, and each limit reserves the attempt before the check it pays for:
 * a login challenge allows `challengeAttemptsMax` codes, and every password or code checked here
 * counts toward the member's `guessFailuresMax` per `guessWindowMs` (only someone who already
 * knows the password can spend it, so it cannot lock out a member from outside).
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  securityLimits as contractLimits,
  serverMessage,
  type Language,
  type LoginMethod,
  type LoginResponse,
  type LoginTwoFactorRequest,
  type SessionListResponse,
  type TotpDisableRequest,
  type TotpEnableRequest,
} from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';
import { languageOf } from '../../../plugins/errors.ts';
import { verifyPassword } from '../accounts/index.ts';
import type { MailService } from '../../platform/mail/index.ts';
import type { SessionIdentity, SessionService } from '../sessions/index.ts';
import { deviceSummary } from './device.ts';
import { SecurityRepository } from './repository.ts';

export const securityLimits = {
  ...contractLimits,
  challengeTtlMs: 5 * 60_000,
  challengeAttemptsMax: 5,
  guessFailuresMax: 5,
  guessWindowMs: 15 * 60_000,
  totpPeriodSeconds: 30,
} as const;

const issuer = 'Points Portal';
/** No 0/O or 1/I: a recovery code is read off paper. 32 letters, 5 bits each. */
const recoveryAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type SecurityNotice =
  | 'passwordChanged'
  | 'txPasswordChanged'
  | 'twoFactorOff'
  // Bank accounts and withdrawal addresses (decision 015): what changed travels in `extra.params`.
  | 'bankAccountChanged'
  | 'withdrawalAddressChanged';

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** Recovery codes are random (50 bits) and guesses are limited, so a salted SHA-256 is enough. */
function recoveryHash(userId: string, code: string): string {
  return sha256(`${userId}:${code.replace(/[\s-]/g, '').toUpperCase()}`);
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < contractLimits.recoveryCodeChars; i++) code += recoveryAlphabet[crypto.randomInt(recoveryAlphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A time for an e-mail, the same for every reader: "2026-11-23 10:21 UTC". */
export function mailTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export class SecurityService {
  readonly repository: SecurityRepository;

  constructor(
    db: Db,
    private readonly sessions: SessionService,
    private readonly mail: MailService,
    /** Begins the session once every step passed: the address becomes known (AccountService.startSession). */
    private readonly beginSession: (userId: string, request: FastifyRequest) => Promise<{ token: string; expiresAt: number; sessionId: string }>,
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new SecurityRepository(db);
  }

  /**
   * What follows a right login password (accounts.login): a session, or for a member with
   * two-step login on, a short-lived challenge that loginTwoFactor exchanges for a session.
   */
  async afterPassword(userId: string, request: FastifyRequest): Promise<LoginResponse> {
    const twoFactor = await this.repository.twoFactor(userId);
    if (!twoFactor || !num(twoFactor.is_enabled)) return this.startSession(userId, 'password', request);
    const now = this.now();
    const challengeId = crypto.randomBytes(32).toString('base64url');
    await this.repository.deleteExpiredChallenges(now);
    await this.repository.createChallenge(sha256(challengeId), userId, now, securityLimits.challengeTtlMs);
    return { twoFactorRequired: true, challengeId, expiresAt: now + securityLimits.challengeTtlMs };
  }

  /** The second login step: an authenticator code or a recovery code for the challenge. */
  async completeLogin(input: LoginTwoFactorRequest, request: FastifyRequest) {
    const now = this.now();
    const idHash = sha256(input.challengeId);
    const userId = await this.repository.reserveChallengeAttempt(idHash, securityLimits.challengeAttemptsMax, now);
    if (!userId) throw new AppError('security.challengeExpired');
    const twoFactor = await this.repository.twoFactor(userId);
    if (!twoFactor || !num(twoFactor.is_enabled)) throw new AppError('security.challengeExpired');
    await this.reserveGuess(userId);
    const method = await this.checkSecondFactor(userId, twoFactor.secret, input.code);
    if (!(await this.repository.useChallenge(idHash, this.now()))) throw new AppError('security.challengeExpired');
    await this.repository.clearGuesses(userId);
    // Staff may have blocked the login since the password step.
    const user = await this.repository.passwordHash(userId);
    if (!user) throw new AppError('security.challengeExpired');
    if (num(user.is_login_locked)) throw new AppError('auth.loginDisabled');
    return this.startSession(userId, method, request);
  }

  async overview(userId: string) {
    const twoFactor = await this.repository.twoFactor(userId);
    const isEnabled = twoFactor !== undefined && num(twoFactor.is_enabled) === 1;
    return {
      twoFactorEnabled: isEnabled,
      enabledAt: isEnabled && twoFactor.enabled_at !== null ? num(twoFactor.enabled_at) : null,
      recoveryCodesLeft: isEnabled ? await this.repository.recoveryCodesLeft(userId) : 0,
    };
  }

  /** Starts (or restarts) the setup: a new secret, shown as a QR code and as text. */
  async setup(userId: string) {
    const user = await this.repository.memberContact(userId);
    if (!user) throw new AppError('auth.expired');
    const secret = generateSecret();
    if (!(await this.repository.savePendingSecret(userId, secret, this.now()))) throw new AppError('security.alreadyOn');
    const otpauthUri = generateURI({ issuer, label: user.user_name, secret });
    const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Turns two-step login on: the login password and a code from the new secret. Answers the recovery codes, once. */
  async enable(userId: string, input: TotpEnableRequest) {
    const twoFactor = await this.repository.twoFactor(userId);
    if (!twoFactor) throw new AppError('security.setupMissing');
    if (num(twoFactor.is_enabled)) throw new AppError('security.alreadyOn');
    await this.reserveGuess(userId);
    await this.checkPassword(userId, input.password);
    const step = await this.totpStep(twoFactor.secret, input.code);
    if (step === null || !(await this.repository.acceptStep(userId, twoFactor.secret, step, false))) {
      throw new AppError('security.codeInvalid');
    }
    const codes = Array.from({ length: contractLimits.recoveryCodeCount }, newRecoveryCode);
    const isEnabled = await this.repository.enable(
      userId,
      twoFactor.secret,
      codes.map((c) => recoveryHash(userId, c)),
      this.now(),
    );
    // A second setup replaced the secret between our reads: the member must scan the new one.
    if (!isEnabled) throw new AppError('security.setupMissing');
    return { recoveryCodes: codes };
  }

  /** Turns two-step login off: the login password and a current code or a recovery code; e-mails the member. */
  async disable(userId: string, input: TotpDisableRequest, request: FastifyRequest, lang: Language): Promise<void> {
    const twoFactor = await this.repository.twoFactor(userId);
    if (!twoFactor || !num(twoFactor.is_enabled)) throw new AppError('security.notOn');
    await this.reserveGuess(userId);
    await this.checkPassword(userId, input.password);
    await this.checkSecondFactor(userId, twoFactor.secret, input.code);
    if (!(await this.repository.disable(userId))) throw new AppError('security.notOn');
    await this.notify(userId, 'twoFactorOff', request, lang);
  }

  /** This device's session apart (first page only), then the other live sessions by pages, newest sign-in first. */
  async sessionList(session: SessionIdentity, input: { cursor?: string; pageSize: number }): Promise<SessionListResponse> {
    const entry = (r: { id: string; ip: string; user_agent: string; created_at: number | bigint; last_seen_at: number | bigint }) => ({
      id: r.id,
      ip: r.ip,
      ...deviceSummary(r.user_agent),
      createdAt: num(r.created_at),
      lastSeenAt: num(r.last_seen_at),
      isCurrent: r.id === session.sessionId,
    });
    const isFirstPage = !input.cursor;
    const current = isFirstPage ? await this.sessions.live(session.userId, 'USER', session.sessionId) : undefined;
    const others = await this.sessions.livePage(session.userId, 'USER', session.sessionId, input.cursor, input.pageSize);
    return { current: current ? entry(current) : null, items: others.items.map(entry), nextCursor: others.nextCursor, othersCount: others.total };
  }

  async revokeSession(session: SessionIdentity, sessionId: string): Promise<void> {
    if (!(await this.sessions.revokeOwn(session.userId, 'USER', sessionId))) throw new AppError('security.sessionNotFound');
  }

  async revokeOtherSessions(session: SessionIdentity): Promise<number> {
    return this.sessions.revokeAll(session.userId, 'USER', session.sessionId);
  }

  async loginHistory(userId: string) {
    const rows = await this.repository.history(userId, contractLimits.loginHistoryMax);
    return {
      items: rows.map((r) => ({ at: num(r.at), ip: r.ip, browser: r.browser, os: r.os, method: r.method as LoginMethod })),
      limit: contractLimits.loginHistoryMax,
    };
  }

  /** E-mails the member that something about their account's security changed. */
  async notify(
    userId: string,
    notice: SecurityNotice,
    request: FastifyRequest,
    lang: Language,
    /** More placeholders for the body, and another body text for the same subject (a removal). */
    extra: { params?: Record<string, string>; bodyKey?: string } = {},
  ): Promise<void> {
    const user = await this.repository.memberContact(userId);
    if (!user) return;
    const params = { ...extra.params, userName: user.user_name, time: mailTime(this.now()), address: request.ip };
    const bodyKey = extra.bodyKey ?? `mail.${notice}Body`;
    await this.mail.send(user.email, serverMessage(lang, `mail.${notice}Subject`), serverMessage(lang, bodyKey, params));
  }

  private async startSession(userId: string, method: LoginMethod, request: FastifyRequest) {
    const session = await this.beginSession(userId, request);
    const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 300);
    const device = deviceSummary(userAgent);
    const deviceKey = sha256(`${device.browser}|${device.os}|${request.ip}`);
    // The first sign-in after registration is expected; after that, an unseen device is news.
    const isNewDevice = (await this.repository.hasAnyLogin(userId)) && !(await this.repository.hasLoginFrom(userId, deviceKey));
    const now = this.now();
    await this.repository.recordLogin({
      id: crypto.randomUUID(),
      userId,
      at: now,
      ip: request.ip,
      userAgent,
      ...device,
      deviceKey,
      method,
      sessionId: session.sessionId,
    });
    if (isNewDevice) {
      const user = await this.repository.memberContact(userId);
      if (user) {
        const lang = languageOf(request);
        const deviceText = [device.browser, device.os].filter(Boolean).join(', ') || userAgent.slice(0, 80) || '?';
        const params = { userName: user.user_name, time: mailTime(now), address: request.ip, device: deviceText };
        await this.mail.send(user.email, serverMessage(lang, 'mail.newDeviceSubject'), serverMessage(lang, 'mail.newDeviceBody', params));
      }
    }
    return { token: session.token, expiresAt: session.expiresAt };
  }

  private async reserveGuess(userId: string): Promise<void> {
    const reserved = await this.repository.reserveGuess(userId, securityLimits.guessFailuresMax, securityLimits.guessWindowMs, this.now());
    if (!reserved.isReserved) {
      throw new AppError('auth.locked', { minutes: Math.max(1, Math.ceil((reserved.resetsAt - this.now()) / 60_000)) });
    }
  }

  private async checkPassword(userId: string, password: string): Promise<void> {
    const user = await this.repository.passwordHash(userId);
    if (!(await verifyPassword(user?.password_hash ?? null, password))) throw new AppError('user.oldPasswordWrong');
  }

  /** The time step of a valid code for this secret, or null. */
  private async totpStep(secret: string, code: string): Promise<number | null> {
    const result = await verify({ secret, token: code, epochTolerance: securityLimits.totpPeriodSeconds });
    return result.valid && 'timeStep' in result ? Number(result.timeStep) : null;
  }

  /** Accepts an authenticator code (newer than the last accepted) or an unused recovery code; each only once. */
  private async checkSecondFactor(userId: string, secret: string, code: string): Promise<LoginMethod> {
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const step = await this.totpStep(secret, trimmed);
      if (step !== null && (await this.repository.acceptStep(userId, secret, step, true))) return 'totp';
      throw new AppError('security.codeInvalid');
    }
    if (await this.repository.useRecoveryCode(userId, recoveryHash(userId, trimmed), this.now())) return 'recovery';
    throw new AppError('security.codeInvalid');
  }
}
