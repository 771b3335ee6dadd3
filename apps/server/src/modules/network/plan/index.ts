/** The compensation plan's entry: what the dashboard uses of the plan's sources. */
import { serverModule } from '../../../plugins/server-module.ts';
import type { JobRunner } from '../../../jobs/runner.ts';
import { planRoutes, type PlanRoutesDeps } from './routes.ts';

export { loadPurchases } from './sources.ts';

/** The services the plan module uses: its routes' and the runner its payout job joins. */
export interface PlanModuleDeps extends PlanRoutesDeps {
  jobs: JobRunner;
}

/** The module's plugin: its routes and the period payouts job (docs/decisions/022-compensation-plan.md). */
export const planModule = serverModule<PlanModuleDeps>({
  name: 'network/plan',
  register: async (app, deps) => {
    planRoutes(app, deps);
    await deps.jobs.register(deps.planPayout.job());
  },
});
