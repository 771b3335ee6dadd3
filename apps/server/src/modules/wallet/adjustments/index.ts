/** The staff adjustments module's entry: credits and debits on the review queue, and its routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { adjustmentRoutes, type AdjustmentRoutesDeps } from './routes.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const adjustmentsModule = serverModule<AdjustmentRoutesDeps>({
  name: 'wallet/adjustments',
  register: async (app, deps) => {
    adjustmentRoutes(app, deps);
  },
});
