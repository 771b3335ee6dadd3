import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import { requestKey } from '../../../db/once.ts';
import type { ConfigService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface ConfigRoutesDeps {
  routeDeps: RouteDeps;
  settings: ConfigService;
}

export function configRoutes(app: FastifyInstance, s: ConfigRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'configList', async () => s.settings.list());
  // The endpoint needs config.writeMoney; settings that move no money also need config.write (the service checks).
  apiRoute(app, s.routeDeps, 'configUpdate', async ({ staff, body }) =>
    s.settings.update(body.key, body.value, body.reason, { ...actorOf(staff), role: staff.role }, requestKey('configUpdate', staff.id, body)),
  );
  apiRoute(app, s.routeDeps, 'configHistory', async ({ body }) => s.settings.history(body.key));
}
