import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function transferRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'transferConfig', async () => s.transfers.config());
  apiRoute(app, s.routeDeps, 'transferCreate', async ({ session, body }) => ({ id: await s.transfers.create(session.userId, body) }));
  apiRoute(app, s.routeDeps, 'transferList', async ({ session, body }) => s.transfers.list(session.userId, body.direction, body.cursor, body.pageSize));
}
