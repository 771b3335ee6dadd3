/**
 * Six-digit e-mail codes: 10 minutes valid, 5 guesses, one use. Sending is limited per address
 * (one a minute, ten a day) and per client address (twenty an hour). Every limit and every
 * guess is reserved in one statement before the work it allows (decision 007).
 */
import crypto from 'node:crypto';
import { serverMessage, type CodePurpose, type Language } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import type { OnceKey } from '../../../db/once.ts';
import { isAnswered, onceInTransaction, sleep, storedAnswer } from './keyed.ts';
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
    const guess = await this.guess({ email, purpose, userId, code });
    if (!('id' in guess)) throw new AppError('code.invalid');
    await this.use(this.db, guess.id);
  }

  /**
   * Counts a guess at the newest live code and compares it; a right one is named, not spent
   * (`use` spends it). `isOutOfGuesses`: the code had no guess left to count, which identical
   * sends racing can cause (each counts one), so such a send may look again for their answer.
   */
  async guess(check: CodeCheck): Promise<{ id: string } | { isOutOfGuesses: boolean }> {
    const now = Date.now();
    let query = this.db
      .selectFrom('email_codes')
      .select(['id', 'code_hash'])
      .where('email', '=', check.email)
      .where('purpose', '=', check.purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1);
    if (check.userId) query = query.where('user_id', '=', check.userId);
    const row = await query.executeTakeFirst();
    if (!row) return { isOutOfGuesses: false };
    // The guess is counted before it is compared, in one conditional statement: of a burst of
    // guesses at most guessesMax are ever compared.
    const guess = await this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', emailCodeLimits.guessesMax)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (guess.numUpdatedRows !== 1n) return { isOutOfGuesses: true };
    return row.code_hash === hashCode(row.id, check.code) ? { id: row.id } : { isOutOfGuesses: false };
  }

  /** Spends a code `guess` named right; `db` is the transaction of the write it allows. */
  async use(db: Db, id: string): Promise<void> {
    // Conditional: of two requests racing with the same code, one wins.
    const used = await db.updateTable('email_codes').set({ used_at: Date.now() }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
    if (used.numUpdatedRows !== 1n) throw new AppError('code.invalid');
  }

  /**
   * A keyed write an e-mailed code allows, once per key: an answer already stored comes back
   * without looking at the code (spent by the first send). Otherwise the guess is counted and
   * compared outside the write's transaction, so a wrong one stays counted; the code is spent
   * inside `once` with the write. A send whose guess found no guess left, its twins having
   * counted theirs, waits a moment for their answer. A refused guess still looks for a stored
   * answer once more: a twin that spent the code may be committing it.
   */
  async onceWithCode<T>(key: OnceKey, check: CodeCheck, work: (tx: Tx) => Promise<T>): Promise<{ answer: T; isFirst: boolean }> {
    const waitUntil = Date.now() + twinWaitMs;
    for (;;) {
      if (await isAnswered(this.db, key)) return { answer: await storedAnswer<T>(this.db, key), isFirst: false };
      const guess = await this.guess(check);
      if ('id' in guess) {
        return onceInTransaction(this.db, key, async (tx) => {
          await this.use(tx, guess.id);
          return work(tx);
        });
      }
      if (guess.isOutOfGuesses && Date.now() < waitUntil) {
        await sleep(50);
        continue;
      }
      return { answer: await storedAnswer<T>(this.db, key, new AppError('code.invalid')), isFirst: false };
    }
  }
}

/** The code a keyed write is allowed by. */
export interface CodeCheck {
  email: string;
  purpose: CodePurpose;
  userId: string | null;
  code: string;
}

/** How long a send waits for the answer of identical sends that counted the code's last guesses. */
const twinWaitMs = 3_000;
