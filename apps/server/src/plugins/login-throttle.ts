/**
 * The one rule for password checks of members and staff (decision 007, after OWASP's
 * Authentication Cheat Sheet): nobody can lock an account's owner out, and nobody gets many
 * guesses.
 *
 * - Per (account, client address): 5 failures per 15 minutes, then that pair is refused
 *   (auth.locked) until its window ends. Applies to everyone, the owner included.
 * - Per account, from addresses that are not known for it: 3 failures in 15 minutes, then a
 *   right image code is needed (captcha.required); 20, then strangers are refused (auth.locked).
 *   An address is known once the account signed in from it (kept 90 days): the owner at home
 *   is throttled only by the pair rule, whatever strangers do.
 * - Per client address across accounts: 30 failures in 15 minutes, then every stranger attempt
 *   from it needs the image code. Never a hard lock: a whole office may sit behind one NAT.
 *
 * Every counter holds a place before the password hash is checked (holdHit), so a burst of
 * parallel attempts sees at most the limit evaluated; a right password gives its places back, a
 * wrong one turns them into counted failures. A place refused because checks in flight hold the
 * rest is not a lock: that attempt is told to wait (rate.limited) the seconds until a place is
 * sure to be free; auth.locked and captcha.required count only failures. The holds have a lease of a few seconds, so a
 * process killed mid-check leaves no failure behind (decision 038).
 * With CAPTCHA=off the image code counts as given, so the captcha step never appears.
 */
import type { Db } from '../db/index.ts';
import { num } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { addressKey, countHeldFailure, hitsUnlimited, holdHit, holdLeaseMs, releaseHit, type Reservation } from './rate-limit.ts';

export const loginLimits = {
  failureWindowMs: 15 * 60_000,
  pairFailuresMax: 5,
  strangerFailuresBeforeCaptcha: 3,
  strangerFailuresMax: 20,
  addressFailuresBeforeCaptcha: 30,
  knownAddressTtlMs: 90 * 86_400_000,
} as const;

export type LoginScope = 'USER' | 'STAFF';

export interface LoginAttempt {
  scope: LoginScope;
  /** The normalized name typed in: unknown names are throttled exactly like real ones. */
  accountKey: string;
  /** The account's id when the name exists, to look up its known addresses. */
  accountId: string | null;
  ip: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
  /**
   * The caller already proved one factor (a session, for the old password of a password change;
   * the password, for the staff code step): no image code is asked, but failures still count
   * toward the pair and the account.
   */
  isCallerProven?: boolean;
}

/**
 * The places an attempt holds. A failure counts them (they become the failure count); a success
 * gives them back. Call one of the two once the check is done: a place neither counted nor given
 * back is given back when its lease ends, as if the attempt had not been made.
 */
export interface LoginTicket {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

function minutesLeft(resetsAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetsAt - now) / 60_000));
}

/** Checks in flight hold every place: wait until one is sure to be free (a hold's lease, a few seconds). */
function busy(place: Reservation, now: number): AppError {
  return new AppError('rate.limited', { seconds: Math.max(1, Math.ceil(((place.freesAt ?? now + holdLeaseMs) - now) / 1000)) });
}

/**
 * What the throttle asks of the captcha module. The plugins sit below the modules, so the shape is
 * named here and the composition passes the captcha module's service, which has it.
 */
export interface CaptchaCheck {
  readonly isEnabled: boolean;
  verify(captchaId: string | undefined, answer: string | undefined): Promise<void>;
}

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly captcha: CaptchaCheck,
  ) {}

  /** Reserves the attempt before the password is checked, or throws auth.locked / captcha.required / captcha.invalid. */
  async begin(attempt: LoginAttempt, now = Date.now()): Promise<LoginTicket> {
    const address = addressKey(attempt.ip);
    const prefix = `login:${attempt.scope}`;
    const { failureWindowMs: windowMs } = loginLimits;
    const hasCaptchaFields = Boolean(attempt.captchaId || attempt.captchaCode);
    // A code that was sent is checked (and used up) even when none was needed.
    if (this.captcha.isEnabled && hasCaptchaFields) await this.captcha.verify(attempt.captchaId, attempt.captchaCode);
    const isCaptchaSolved = !this.captcha.isEnabled || hasCaptchaFields;
    const isKnown = attempt.accountId !== null && (await this.isKnownAddress(attempt.scope, attempt.accountId, address, now));

    const held: Reservation[] = [];
    const refuse = async (error: AppError): Promise<never> => {
      for (const r of held) await releaseHit(this.db, r);
      throw error;
    };

    const pair = await holdHit(this.db, `${prefix}:pair:${attempt.accountKey}:${address}`, windowMs, loginLimits.pairFailuresMax, now);
    if (!pair.isReserved) {
      // A lock only after wrong passwords; right ones still being checked are a moment's wait.
      throw pair.hits >= loginLimits.pairFailuresMax ? new AppError('auth.locked', { minutes: minutesLeft(pair.resetsAt, now) }) : busy(pair, now);
    }
    held.push(pair);

    if (!isKnown) {
      const isCaptchaNeeded = !isCaptchaSolved && !attempt.isCallerProven;
      const accountMax = isCaptchaNeeded ? loginLimits.strangerFailuresBeforeCaptcha : loginLimits.strangerFailuresMax;
      const account = await holdHit(this.db, `${prefix}:account:${attempt.accountKey}`, windowMs, accountMax, now);
      if (!account.isReserved) {
        await refuse(
          // Counted failures decide: the full stranger limit is a lock, the first few ask for the
          // image code; checks in flight filling the rest are a moment's wait.
          account.hits >= loginLimits.strangerFailuresMax
            ? new AppError('auth.locked', { minutes: minutesLeft(account.resetsAt, now) })
            : account.hits >= accountMax
              ? new AppError('captcha.required')
              : busy(account, now),
        );
      }
      held.push(account);
      if (!attempt.isCallerProven) {
        // With the image code solved the address is only counted, never closed.
        const addressMax = isCaptchaNeeded ? loginLimits.addressFailuresBeforeCaptcha : hitsUnlimited;
        const byAddress = await holdHit(this.db, `${prefix}:address:${address}`, windowMs, addressMax, now);
        if (!byAddress.isReserved) await refuse(byAddress.hits >= addressMax ? new AppError('captcha.required') : busy(byAddress, now));
        held.push(byAddress);
      }
    }
    return {
      succeeded: async () => {
        for (const r of held) await releaseHit(this.db, r);
      },
      failed: async () => {
        for (const r of held) await countHeldFailure(this.db, r, windowMs);
      },
    };
  }

  /** Remembers the address of a completed sign-in: from now on the owner is throttled apart from strangers there. */
  async rememberAddress(scope: LoginScope, accountId: string, ip: string, now = Date.now()): Promise<void> {
    const address = addressKey(ip);
    await this.db
      .insertInto('known_addresses')
      .values({ login_type: scope, account_id: accountId, address, last_seen_at: now })
      .onConflict((oc) => oc.columns(['login_type', 'account_id', 'address']).doUpdateSet({ last_seen_at: now }))
      .execute();
  }

  private async isKnownAddress(scope: LoginScope, accountId: string, address: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('known_addresses')
      .select('last_seen_at')
      .where('login_type', '=', scope)
      .where('account_id', '=', accountId)
      .where('address', '=', address)
      .executeTakeFirst();
    return row !== undefined && num(row.last_seen_at) > now - loginLimits.knownAddressTtlMs;
  }
}
