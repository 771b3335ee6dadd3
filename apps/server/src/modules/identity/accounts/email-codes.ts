/**
 * Six-digit e-mail codes: 10 minutes valid, 5 guesses, one use. Sending is limited per address
 * (one a minute, ten a day) and per client address (twenty an hour). Every limit and every
 * guess is reserved in one statement before the work it allows (decision 007).
 */
import crypto from 'node:crypto';
import { serverMessage, type CodePurpose, type Language } from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';
import { addressKey, releaseHit, reserveHit, type Reservation } from '../../../plugins/rate-limit.ts';
import type { MailService } from '../../platform/mail/index.ts';

export const emailCodeLimits = {
  codeTtlMs: 10 * 60_000,
  guessesMax: 5,
  resendIntervalMs: 60_000,
  sendsPerEmailPerDayMax: 10,
  sendsPerIpPerHourMax: 20,
} as const;

function hashCode(id: string, code: string): string {
  return crypto.createHash('sha256').update(`${id}:${code}`).digest('hex');
}

export class EmailCodeService {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
  ) {}

  /** Reserves the send against every limit, or throws (and holds nothing) when one is reached. */
  async checkSendAllowed(email: string, purpose: CodePurpose, ip: string): Promise<void> {
    const now = Date.now();
    const held: Reservation[] = [];
    const secondsLeft = (r: Reservation) => Math.max(1, Math.ceil((r.resetsAt - now) / 1000));
    const take = async (key: string, windowMs: number, max: number, refusal: (r: Reservation) => AppError) => {
      const r = await reserveHit(this.db, key, windowMs, max, now);
      if (!r.isReserved) {
        for (const h of held) await releaseHit(this.db, h);
        throw refusal(r);
      }
      held.push(r);
    };
    await take(`code:interval:${purpose}:${email}`, emailCodeLimits.resendIntervalMs, 1, (r) => new AppError('code.tooFrequent', { seconds: secondsLeft(r) }));
    await take(`code:ip:${addressKey(ip)}`, 3_600_000, emailCodeLimits.sendsPerIpPerHourMax, (r) => new AppError('rate.limited', { seconds: secondsLeft(r) }));
    await take(`code:day:${email}`, 86_400_000, emailCodeLimits.sendsPerEmailPerDayMax, (r) => new AppError('rate.limited', { seconds: secondsLeft(r) }));
  }

  /** Makes a code and mails it. Call checkSendAllowed first. */
  async send(email: string, purpose: CodePurpose, userId: string | null, lang: Language): Promise<void> {
    const id = crypto.randomUUID();
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const now = Date.now();
    await this.db
      .insertInto('email_codes')
      .values({
        id,
        email,
        purpose,
        user_id: userId,
        code_hash: hashCode(id, code),
        attempts: 0,
        created_at: now,
        expires_at: now + emailCodeLimits.codeTtlMs,
        used_at: null,
      })
      .execute();
    const params = { code, minutes: emailCodeLimits.codeTtlMs / 60_000 };
    await this.mail.send(email, serverMessage(lang, 'mail.codeSubject'), serverMessage(lang, 'mail.codeBody', params));
  }

  /** Uses up the newest live code for this address and purpose, or throws code.invalid. */
  async consume(email: string, purpose: CodePurpose, userId: string | null, code: string): Promise<void> {
    const now = Date.now();
    let query = this.db
      .selectFrom('email_codes')
      .select(['id', 'code_hash'])
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1);
    if (userId) query = query.where('user_id', '=', userId);
    const row = await query.executeTakeFirst();
    if (!row) throw new AppError('code.invalid');
    // The guess is counted before it is compared, in one conditional statement: of a burst of
    // guesses at most guessesMax are ever compared.
    const guess = await this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', emailCodeLimits.guessesMax)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (guess.numUpdatedRows !== 1n || row.code_hash !== hashCode(row.id, code)) throw new AppError('code.invalid');
    // Conditional: of two requests racing with the same code, one wins.
    const used = await this.db.updateTable('email_codes').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    if (used.numUpdatedRows !== 1n) throw new AppError('code.invalid');
  }
}
