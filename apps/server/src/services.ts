/** The services every module gets, made once per app. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DbHandle } from './db/index.ts';
import { CaptchaService } from './modules/captcha/service.ts';
import { MailService } from './modules/mail/service.ts';
import { SessionService } from './modules/sessions/service.ts';
import { EmailCodeService } from './modules/accounts/email-codes.ts';
import { AccountService } from './modules/accounts/service.ts';
import { AssetService } from './modules/assets/service.ts';

export interface Services {
  config: Config;
  dbHandle: DbHandle;
  sessions: SessionService;
  captcha: CaptchaService;
  mail: MailService;
  emailCodes: EmailCodeService;
  accounts: AccountService;
  assets: AssetService;
}

export function makeServices(config: Config, dbHandle: DbHandle, log: FastifyBaseLogger): Services {
  const db = dbHandle.db;
  const sessions = new SessionService(db, config);
  const captcha = new CaptchaService(db, config.isCaptchaOn);
  const mail = new MailService(db, config, log);
  const emailCodes = new EmailCodeService(db, mail);
  const accounts = new AccountService(db, sessions);
  const assets = new AssetService(db);
  return { config, dbHandle, sessions, captcha, mail, emailCodes, accounts, assets };
}
