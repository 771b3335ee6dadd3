/**
 * The settings module's entry: what other modules and the composition root use. The
 * service reads and changes the server-driven settings of `registry.ts`.
 */
import { serverModule } from '../../../plugins/server-module.ts';
import { configRoutes, type ConfigRoutesDeps } from './routes.ts';

export { ConfigService } from './service.ts';
export { type ConfigValue } from './registry.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const configModule = serverModule<ConfigRoutesDeps>({
  name: 'platform/config',
  register: async (app, deps) => {
    configRoutes(app, deps);
  },
});
