import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';
import { dashboardSeries } from './series.ts';

export function dashboardRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'dashboard', async () => s.dashboard.summary());
  apiRoute(app, s.routeDeps, 'dashboardSeries', async ({ body }) => dashboardSeries(s.dbHandle.db, { timeZone: await s.settings.get('dashboard.timeZone'), days: body.days, now: Date.now() }));
}
