import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { Config } from '../../../config.ts';
import type { DbHandle } from '../../../db/index.ts';
import type { SessionService } from '../sessions/index.ts';
import type { CaptchaService } from '../captcha/index.ts';
import type { AccountService } from './service.ts';
import type { Language } from '@pp/contract';
import { AppError } from '../../../errors.ts';
import { requestKey } from '../../../db/once.ts';
import { hashPassword } from './passwords.ts';
import { storedAnswer } from './keyed.ts';
import { emailCodeLimits, type EmailCodeService } from './email-codes.ts';

/** Grades of spec section 3; 0 and -1 are both a regular member. */
const levels = [
  { level: 0, cn: '普通用户', en: 'Regular member' },
  { level: 1, cn: '零售商', en: 'Retailer' },
  { level: 2, cn: '门店', en: 'Store' },
  { level: 3, cn: '供应商', en: 'Supplier' },
  { level: 4, cn: '区域代理', en: 'Regional agent' },
  { level: 5, cn: '总代理', en: 'General agent' },
  { level: -1, cn: '普通用户', en: 'Regular member' },
];

function originOf(request: FastifyRequest, configured: string): string {
  if (configured) return configured.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

const sent = { resendAfterSeconds: emailCodeLimits.resendIntervalMs / 1000 };

/**
 * What these routes ask of the security centre (modules/identity/security): the e-mail after a
 * password change. Declared here and met by its SecurityService, because the security centre
 * imports this module (its password check) and the two entries would otherwise import each other.
 */
export interface PasswordChangeNotices {
  notify(userId: string, notice: 'passwordChanged' | 'txPasswordChanged', request: FastifyRequest, lang: Language): Promise<void>;
}

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface AccountRoutesDeps {
  config: Config;
  dbHandle: DbHandle;
  routeDeps: RouteDeps;
  sessions: SessionService;
  captcha: CaptchaService;
  emailCodes: EmailCodeService;
  accounts: AccountService;
  security: PasswordChangeNotices;
}

export function accountRoutes(app: FastifyInstance, s: AccountRoutesDeps): void {
  const { sessions, accounts, captcha, emailCodes } = s;

  apiRoute(app, s.routeDeps, 'userRegister', async ({ body, request }) => {
    const image = { verify: () => captcha.verify(body.captchaId, body.captchaCode), wasSpent: () => captcha.wasSpentWith(body.captchaId, body.captchaCode) };
    return accounts.register(body, request.ip, image, emailCodes);
  });

  // The image code of a login is checked by the login throttle: asked for only after failures (decision 007).
  apiRoute(app, s.routeDeps, 'login', async ({ body, request }) => accounts.login(body, request));

  apiRoute(app, s.routeDeps, 'logout', async ({ session }) => {
    await sessions.revoke(session.sessionId);
    return { ok: true as const };
  });

  apiRoute(app, s.routeDeps, 'noLoginSend', async ({ body, request, lang }) => {
    const email = body.email.toLowerCase();
    // Every code sent without a session costs a solved image code: mail to any address is what a bot wants.
    await captcha.verify(body.captchaId, body.captchaCode);
    await emailCodes.checkSendAllowed(email, body.purpose, request.ip);
    if (body.purpose === 'REGISTER') {
      await emailCodes.send(email, 'REGISTER', null, lang);
    } else {
      // The answer is the same whether or not the name and address belong together.
      const user = body.userName ? await accounts.memberByNameAndEmail(body.userName, email) : null;
      if (user) await emailCodes.send(email, 'FORGOT_PASSWORD', user.id, lang);
    }
    return sent;
  });

  apiRoute(app, s.routeDeps, 'forgotPassword', async ({ body, request, lang }) => {
    // Public: the caller is the account named, as typed (less case); the secrets stay out of the key.
    const key = requestKey('forgotPassword', body.userName.trim().toLowerCase(), { ...body, email: body.email.toLowerCase() }, [
      'emailCode',
      'password',
      'confirmPassword',
    ]);
    const user = await accounts.memberByNameAndEmail(body.userName, body.email);
    // A name and address that do not belong together are refused as a wrong code, unless the id
    // was used already: then it is the reuse it is (or, for the same body, its first answer).
    if (!user) return storedAnswer(s.dbHandle.db, key, new AppError('code.invalid'));
    const passwordHash = await hashPassword(body.password);
    const check = { email: user.email, purpose: 'FORGOT_PASSWORD', userId: user.id, code: body.emailCode } as const;
    const { answer, isFirst } = await emailCodes.onceWithCode(key, check, async (tx) => {
      await accounts.resetPassword(tx, user.id, passwordHash);
      return { ok: true as const };
    });
    if (isFirst) await s.security.notify(user.id, 'passwordChanged', request, lang);
    return answer;
  });

  apiRoute(app, s.routeDeps, 'loginSend', async ({ session, request, lang }) => {
    const user = await accounts.mustGet(session.userId);
    await emailCodes.checkSendAllowed(user.email, 'FORGOT_TRANSACTION_PASSWORD', request.ip);
    await emailCodes.send(user.email, 'FORGOT_TRANSACTION_PASSWORD', user.id, lang);
    return sent;
  });

  apiRoute(app, s.routeDeps, 'userInfo', async ({ session, request }) => accounts.userInfo(session.userId, originOf(request, s.config.publicOrigin)));

  apiRoute(app, s.routeDeps, 'updatePassWord', async ({ session, body, request, lang }) => {
    const { answer, isFirst } = await accounts.updatePassword(session, body, request.ip);
    if (isFirst) await s.security.notify(session.userId, 'passwordChanged', request, lang);
    return answer;
  });

  apiRoute(app, s.routeDeps, 'updateTransactionPassword', async ({ session, body, request, lang }) => {
    const { answer, isFirst } = await accounts.updateTransactionPassword(session, body);
    if (isFirst) await s.security.notify(session.userId, 'txPasswordChanged', request, lang);
    return answer;
  });

  apiRoute(app, s.routeDeps, 'forgotTransactionPassword', async ({ session, body, request, lang }) => {
    const user = await accounts.mustGet(session.userId);
    const key = requestKey('forgotTransactionPassword', user.id, body, ['emailCode', 'transactionPassword', 'confirmTransactionPassword']);
    const txHash = await hashPassword(body.transactionPassword);
    const check = { email: user.email, purpose: 'FORGOT_TRANSACTION_PASSWORD', userId: user.id, code: body.emailCode } as const;
    const { answer, isFirst } = await emailCodes.onceWithCode(key, check, async (tx) => {
      await accounts.resetTransactionPassword(tx, user.id, txHash);
      return { ok: true as const };
    });
    if (isFirst) await s.security.notify(user.id, 'txPasswordChanged', request, lang);
    return answer;
  });

  apiRoute(app, s.routeDeps, 'levelList', async () => levels);

  apiRoute(app, s.routeDeps, 'coinList', async () => {
    const rows = await s.dbHandle.db.selectFrom('coins').select(['coin_name', 'cn_name', 'short_name']).orderBy('sort_order').execute();
    return rows.map((r) => ({ coinName: r.coin_name, cnName: r.cn_name, shortName: r.short_name }));
  });

  apiRoute(app, s.routeDeps, 'updateAgreeStatus', async ({ session }) => {
    await accounts.setAgreeStatus(session.userId);
    return { ok: true as const };
  });
}
