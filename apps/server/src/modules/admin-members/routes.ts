import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';
import { AppError } from '../../errors.ts';

export function adminMemberRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'memberSearch', async ({ body }) => s.adminMembers.search(body.query, body.cursor, body.pageSize));
  apiRoute(app, s.routeDeps, 'memberDetail', async ({ body }) => s.adminMembers.detail(body.memberId));
  apiRoute(app, s.routeDeps, 'memberAction', async ({ staff, body }) => {
    await s.adminMembers.act(actorOf(staff), body.memberId, body.action, body.reason, body.sessionId);
    return { ok: true as const };
  });
  apiRoute(app, s.routeDeps, 'memberLedger', async ({ body }) => {
    const member = await s.accounts.repository.byId(body.memberId);
    if (!member) throw new AppError('member.notFound');
    return {
      balances: await s.assets.list(member.id),
      records: await s.records.list(member.id, { coinName: body.coinName, cursor: body.cursor, pageSize: body.pageSize }),
    };
  });
  apiRoute(app, s.routeDeps, 'memberGrade', async ({ staff, body }) => {
    await s.adminMembers.setGrade(actorOf(staff), body.memberId, body.level, body.reason);
    return { ok: true as const };
  });
}
