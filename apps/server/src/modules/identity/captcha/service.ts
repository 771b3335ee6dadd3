/**
 * Image captchas for login and registration. svg-captcha draws the text as paths, not <text>,
 * so the answer is not in the markup. An answer is checked once: a wrong guess uses it up.
 */
import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../../db/index.ts';
import { deleteBatchSize, deleteInBatches } from '../../../db/batched-delete.ts';
import { AppError } from '../../../errors.ts';

const captchaTtlMs = 5 * 60_000;

/** Exported for tests, which store a known answer for a captcha they asked for. */
export function hashAnswer(id: string, answer: string): string {
  return crypto.createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');
}

export class CaptchaService {
  constructor(
    private readonly db: Db,
    readonly isEnabled: boolean,
  ) {}

  async create(): Promise<{ captchaId: string; image: string; enabled: boolean }> {
    if (!this.isEnabled) return { captchaId: '', image: '', enabled: false };
    const { text, data } = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1lIi', color: false, background: '#f2f4f8' });
    const id = crypto.randomUUID();
    const now = Date.now();
    // Old captchas are swept as new ones are made, one short batch at most (decision 047); the
    // housekeeping job takes whatever more there is.
    await deleteInBatches(this.db, 'captchas', 'expires_at', BigInt(now), { maxRows: deleteBatchSize });
    await this.db
      .insertInto('captchas')
      .values({ id, answer_hash: hashAnswer(id, text), expires_at: now + captchaTtlMs, used_at: null })
      .execute();
    return { captchaId: id, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, enabled: true };
  }

  /** Uses up the captcha and throws captcha.invalid unless the answer was right and in time. */
  async verify(captchaId: string | undefined, answer: string | undefined): Promise<void> {
    if (!this.isEnabled) return;
    if (!captchaId || !answer) throw new AppError('request.invalid', undefined, 'captchaCode', 'validation.enterCaptcha');
    const row = await this.db
      .updateTable('captchas')
      .set({ used_at: Date.now() })
      .where('id', '=', captchaId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', Date.now())
      .returning(['answer_hash'])
      .executeTakeFirst();
    if (!row || row.answer_hash !== hashAnswer(captchaId, answer)) throw new AppError('captcha.invalid');
  }

  /**
   * Whether this image code was answered right and is spent: an identical send racing the one
   * that spent it (a keyed write's twin), which may wait for that one's answer.
   */
  async wasSpentWith(captchaId: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!captchaId || !answer) return false;
    const row = await this.db.selectFrom('captchas').select(['answer_hash', 'used_at']).where('id', '=', captchaId).executeTakeFirst();
    return row !== undefined && row.used_at !== null && row.answer_hash === hashAnswer(captchaId, answer);
  }
}
