import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

/** The plan chart and ranking for members; versions and payouts for staff (decision 022). */
export function planRoutes(app: FastifyInstance, s: Services): void {
  const d = s.routeDeps;
  apiRoute(app, d, 'planChart', async () => s.plan.chart());
  apiRoute(app, d, 'planRanking', async ({ session, body }) => s.plan.ranking(session.userId, body.month));
  apiRoute(app, d, 'planVersionList', async () => ({ items: await s.planVersions.list() }));
  apiRoute(app, d, 'planVersionCreate', async ({ staff, body }) => s.planVersions.create(actorOf(staff), body));
  apiRoute(app, d, 'planPeriodList', async () => ({ items: await s.planPayout.periodList() }));
  apiRoute(app, d, 'planDryRun', async ({ body }) => s.planPayout.dryRun(body.periodKey));
  apiRoute(app, d, 'planRun', async ({ staff, body }) => s.planPayout.run(body.periodKey, { ranBy: actorOf(staff).name, actor: actorOf(staff) }));
}
