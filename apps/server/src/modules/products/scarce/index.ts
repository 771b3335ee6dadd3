/** The scarce goods module's entry (docs/decisions/025-scarce-goods.md): flash sales, shares and their routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import type { JobRunner } from '../../../jobs/runner.ts';
import { scarceRoutes, type ScarceRoutesDeps } from './routes.ts';

/** The services the scarce goods module uses: its routes' and the runner its equity job joins. */
export interface ScarceModuleDeps extends ScarceRoutesDeps {
  jobs: JobRunner;
}

/** The module's plugin: its routes and the shares' bonus of each period (docs/decisions/025-scarce-goods.md). */
export const scarceModule = serverModule<ScarceModuleDeps>({
  name: 'products/scarce',
  register: async (app, deps) => {
    scarceRoutes(app, deps);
    await deps.jobs.register(deps.equity.job());
  },
});
