import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function dashboardRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'dashboard', async () => s.dashboard.summary());
}
