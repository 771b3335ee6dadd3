import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { DbHandle } from '../../../db/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import type { SupportService } from './service.ts';
import { AppError } from '../../../errors.ts';
import { gameTokenKeyPath, type GameTokenService } from './game-token.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface SupportRoutesDeps {
  dbHandle: DbHandle;
  routeDeps: RouteDeps;
  settings: ConfigService;
  support: SupportService;
  gameTokens: GameTokenService;
}

/** Live support chat and the game identity (decision 024). */
export function supportRoutes(app: FastifyInstance, s: SupportRoutesDeps): void {
  const d = s.routeDeps;
  apiRoute(app, d, 'supportConfig', async () => {
    const script = (await s.settings.get('support.liveChatScript')).trim();
    const isExternal = /^https:\/\/[^\s"'<>]+$/.test(script);
    return {
      mode: isExternal ? ('external' as const) : ('builtin' as const),
      scriptUrl: isExternal ? script : null,
      hours: await s.settings.get('support.hours'),
      typicalReplyMinutes: await s.settings.get('support.typicalReplyMinutes'),
    };
  });
  apiRoute(app, d, 'supportThread', async ({ session, body }) => s.support.memberThread(session.userId, body.before));
  apiRoute(app, d, 'supportSend', async ({ session, body }) => s.support.memberSend(session.userId, body));
  apiRoute(app, d, 'supportRead', async ({ session }) => {
    await s.support.memberRead(session.userId);
    return { ok: true as const };
  });
  apiRoute(app, d, 'supportUnread', async ({ session }) => ({ unread: await s.support.memberUnread(session.userId) }));
  apiRoute(app, d, 'gmtUserInfo', async ({ session }) => {
    const member = await s.dbHandle.db.selectFrom('users').select(['user_number', 'user_name']).where('id', '=', session.userId).executeTakeFirst();
    if (!member) throw new AppError('auth.expired');
    const signed = await s.gameTokens.sign({ id: member.user_number, userName: member.user_name });
    return { ...signed, userName: member.user_name };
  });
  // Back-office.
  apiRoute(app, d, 'supportInbox', async ({ staff, body }) => s.support.inbox(staff.id, body.filter, body.cursor));
  apiRoute(app, d, 'supportStaffThread', async ({ body }) => s.support.staffThread(body.conversationId, body.before));
  apiRoute(app, d, 'supportStaffSend', async ({ staff, body }) => s.support.staffSend(staff.id, body));
  apiRoute(app, d, 'supportStaffRead', async ({ body }) => {
    await s.support.staffRead(body.conversationId);
    return { ok: true as const };
  });
  apiRoute(app, d, 'supportAssign', async ({ staff, body }) => s.support.assign(actorOf(staff), body.conversationId, body.staffId));
  apiRoute(app, d, 'supportAgents', async () => s.support.agents());
  // The game token's public key, for external games (docs/support.md).
  app.get(gameTokenKeyPath, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return s.gameTokens.jwks;
  });
}
