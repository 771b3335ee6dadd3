import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function exchangeRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'exchangeTypeList', async () => s.exchanges.types());
  apiRoute(app, s.routeDeps, 'exchangeCreate', async ({ session, body }) => s.exchanges.create(session.userId, body));
  apiRoute(app, s.routeDeps, 'exchangeList', async ({ session, body }) => s.exchanges.list(session.userId, body.cursor, body.pageSize));
  apiRoute(app, s.routeDeps, 'exchangeCancel', async ({ session, body }) => {
    await s.exchanges.cancel(session.userId, body.exchangeId);
    return { ok: true as const };
  });
}
