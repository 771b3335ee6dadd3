/**
 * The security centre's entry (docs/decisions/010-security-centre.md): what other modules and the composition
 * root use.
 */
import { serverModule } from '../../../plugins/server-module.ts';
import { securityRoutes, type SecurityRoutesDeps } from './routes.ts';

export { SecurityService, mailTime } from './service.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const securityModule = serverModule<SecurityRoutesDeps>({
  name: 'identity/security',
  register: async (app, deps) => {
    securityRoutes(app, deps);
  },
});
