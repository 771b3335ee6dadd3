import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function auditRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'auditList', async ({ body }) => s.audit.list(body));
}
