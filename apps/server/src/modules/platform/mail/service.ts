/**
 * Outgoing mail. Every message is first written to the outbox table; with SMTP_URL set it is
 * then sent by nodemailer, and without it the message stays in the outbox and is printed to the
 * log, so a local run works offline (and tests read codes from the outbox).
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../../db/index.ts';

export class MailService {
  private readonly transporter: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly options: { smtpUrl: string; mailFrom: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  async send(to: string, subject: string, text: string): Promise<void> {
    const id = crypto.randomUUID();
    await this.db
      .insertInto('mail_outbox')
      .values({ id, to_address: to, subject, body_text: text, created_at: Date.now(), sent_at: null, error: null })
      .execute();
    if (!this.transporter) {
      this.log.info({ mailTo: to, subject, text }, 'mail kept in the outbox (no SMTP_URL)');
      return;
    }
    try {
      await this.transporter.sendMail({ from: this.options.mailFrom, to, subject, text });
      await this.db.updateTable('mail_outbox').set({ sent_at: Date.now() }).where('id', '=', id).execute();
    } catch (error) {
      // The code is still valid and in the outbox; the member can ask for it again.
      this.log.error({ err: error, mailTo: to }, 'mail could not be sent');
      await this.db
        .updateTable('mail_outbox')
        .set({ error: String(error).slice(0, 500) })
        .where('id', '=', id)
        .execute();
    }
  }
}
