/** The balances module's entry: what other modules and the composition root use. */
import { serverModule } from '../../../plugins/server-module.ts';
import { assetRoutes, type AssetRoutesDeps } from './routes.ts';

export { AssetService } from './service.ts';
export { dayStarts } from './balance-history.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const assetsModule = serverModule<AssetRoutesDeps>({
  name: 'wallet/assets',
  register: async (app, deps) => {
    assetRoutes(app, deps);
  },
});
