/** The bank reconciliation module's entry (decision 091): statement import, matching, resolution, sign-off. */
import { serverModule } from '../../../plugins/server-module.ts';
import { reconciliationRoutes, type ReconciliationRoutesDeps } from './routes.ts';

export { ReconciliationService } from './service.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const reconciliationModule = serverModule<ReconciliationRoutesDeps>({
  name: 'finance/reconciliation',
  register: async (app, deps) => {
    reconciliationRoutes(app, deps);
  },
});
