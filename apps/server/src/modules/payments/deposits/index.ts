/** The bank deposits module's entry (docs/decisions/016-uploads-and-bank-deposits.md): its routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { depositRoutes, type DepositRoutesDeps } from './routes.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const depositsModule = serverModule<DepositRoutesDeps>({
  name: 'payments/deposits',
  register: async (app, deps) => {
    depositRoutes(app, deps);
  },
});
