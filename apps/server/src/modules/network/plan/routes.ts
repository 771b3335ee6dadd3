import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import { requestKey } from '../../../db/once.ts';
import type { PlanService } from './service.ts';
import type { PlanVersionService } from './versions.ts';
import type { PlanPayoutService } from './payout.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface PlanRoutesDeps {
  routeDeps: RouteDeps;
  plan: PlanService;
  planVersions: PlanVersionService;
  planPayout: PlanPayoutService;
}

/** The plan chart and ranking for members; versions and payouts for staff (decision 022). */
export function planRoutes(app: FastifyInstance, s: PlanRoutesDeps): void {
  const d = s.routeDeps;
  apiRoute(app, d, 'planChart', async () => s.plan.chart());
  apiRoute(app, d, 'planRanking', async ({ session, body }) => s.plan.ranking(session.userId, body.month));
  apiRoute(app, d, 'planVersionList', async () => ({ items: await s.planVersions.list() }));
  apiRoute(app, d, 'planVersionCreate', async ({ staff, body }) =>
    s.planVersions.create(actorOf(staff), body, Date.now(), requestKey('planVersionCreate', staff.id, body)),
  );
  apiRoute(app, d, 'planPeriodList', async () => ({ items: await s.planPayout.periodList() }));
  apiRoute(app, d, 'planDryRun', async ({ body }) => s.planPayout.dryRun(body.periodKey));
  apiRoute(app, d, 'planRun', async ({ staff, body }) =>
    s.planPayout.run(body.periodKey, { ranBy: actorOf(staff).name, actor: actorOf(staff), key: requestKey('planRun', staff.id, body) }),
  );
}
