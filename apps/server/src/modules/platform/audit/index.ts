/** The audit trail's entry: what other modules and the composition root use. */
import { serverModule } from '../../../plugins/server-module.ts';
import { auditRoutes, type AuditRoutesDeps } from './routes.ts';

export { AuditService, type Actor } from './service.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const auditModule = serverModule<AuditRoutesDeps>({
  name: 'platform/audit',
  register: async (app, deps) => {
    auditRoutes(app, deps);
  },
});
