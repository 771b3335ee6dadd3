/** The exchanges module's entry: reward points to USDT and back, and its routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { exchangeRoutes, type ExchangeRoutesDeps } from './routes.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const exchangesModule = serverModule<ExchangeRoutesDeps>({
  name: 'wallet/exchanges',
  register: async (app, deps) => {
    exchangeRoutes(app, deps);
  },
});
