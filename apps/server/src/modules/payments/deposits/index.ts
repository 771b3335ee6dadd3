/** The bank deposits module's entry (decision 016, issue 32): its routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { depositRoutes, type DepositRoutesDeps } from './routes.ts';

/** The module's plugin (issue 32): its routes, registered by app.ts with the services they use. */
export const depositsModule = serverModule<DepositRoutesDeps>({
  name: 'payments/deposits',
  register: async (app, deps) => {
    depositRoutes(app, deps);
  },
});
