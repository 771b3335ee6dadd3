/** The member transfers module's entry: its routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { transferRoutes, type TransferRoutesDeps } from './routes.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const transfersModule = serverModule<TransferRoutesDeps>({
  name: 'wallet/transfers',
  register: async (app, deps) => {
    transferRoutes(app, deps);
  },
});
