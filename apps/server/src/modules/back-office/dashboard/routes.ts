import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { DbHandle } from '../../../db/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import type { DashboardService } from './service.ts';
import { dashboardSeries } from './series.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface DashboardRoutesDeps {
  dbHandle: DbHandle;
  routeDeps: RouteDeps;
  settings: ConfigService;
  dashboard: DashboardService;
}

export function dashboardRoutes(app: FastifyInstance, s: DashboardRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'dashboard', async () => s.dashboard.summary(await s.settings.get('dashboard.timeZone')));
  apiRoute(app, s.routeDeps, 'dashboardSeries', async ({ body }) =>
    dashboardSeries(s.dbHandle.db, { timeZone: await s.settings.get('dashboard.timeZone'), days: body.days, now: Date.now() }),
  );
}
