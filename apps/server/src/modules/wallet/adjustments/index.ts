/** The staff adjustments module's entry (issue 32): credits and debits on the review queue, and its routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { adjustmentRoutes, type AdjustmentRoutesDeps } from './routes.ts';

/** The module's plugin (issue 32): its routes, registered by app.ts with the services they use. */
export const adjustmentsModule = serverModule<AdjustmentRoutesDeps>({
  name: 'wallet/adjustments',
  register: async (app, deps) => {
    adjustmentRoutes(app, deps);
  },
});
