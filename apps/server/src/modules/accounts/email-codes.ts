/**
 * Six-digit e-mail codes: 10 minutes valid, 5 guesses, one use. Sending is limited per address
 * (one a minute, ten a day) and per client address (twenty an hour).
 */
import crypto from 'node:crypto';
import { serverMessage, type CodePurpose, type Language } from '@pp/contract';
import type { Db } from '../../db/index.ts';
import { num } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { countHit, peekHits } from '../../plugins/rate-limit.ts';
import type { MailService } from '../mail/service.ts';

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

  /** Counts the send against the limits and throws when one is reached. */
  async checkSendAllowed(email: string, purpose: CodePurpose, ip: string): Promise<void> {
    const now = Date.now();
    const recent = await peekHits(this.db, `code:interval:${purpose}:${email}`, emailCodeLimits.resendIntervalMs, now);
    if (recent.hits > 0) throw new AppError('code.tooFrequent', { seconds: Math.ceil((recent.resetsAt - now) / 1000) });
    const perIp = await countHit(this.db, `code:ip:${ip}`, 3_600_000, now);
    if (perIp.hits > emailCodeLimits.sendsPerIpPerHourMax) {
      throw new AppError('rate.limited', { seconds: Math.ceil((perIp.resetsAt - now) / 1000) });
    }
    const perDay = await countHit(this.db, `code:day:${email}`, 86_400_000, now);
    if (perDay.hits > emailCodeLimits.sendsPerEmailPerDayMax) {
      throw new AppError('rate.limited', { seconds: Math.ceil((perDay.resetsAt - now) / 1000) });
    }
    await countHit(this.db, `code:interval:${purpose}:${email}`, emailCodeLimits.resendIntervalMs, now);
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
      .select(['id', 'code_hash', 'attempts'])
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1);
    if (userId) query = query.where('user_id', '=', userId);
    const row = await query.executeTakeFirst();
    if (!row || num(row.attempts) >= emailCodeLimits.guessesMax) throw new AppError('code.invalid');
    if (row.code_hash !== hashCode(row.id, code)) {
      await this.db.updateTable('email_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', row.id).execute();
      throw new AppError('code.invalid');
    }
    // Conditional: of two requests racing with the same code, one wins.
    const used = await this.db
      .updateTable('email_codes')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) throw new AppError('code.invalid');
  }
}
