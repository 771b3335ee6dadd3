import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { ReconciliationService } from './service.ts';

/** The services this module's routes use, passed in by the composition root. */
export interface ReconciliationRoutesDeps {
  routeDeps: RouteDeps;
  reconciliation: ReconciliationService;
}

export function reconciliationRoutes(app: FastifyInstance, s: ReconciliationRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'reconMappingList', async () => s.reconciliation.mappings());
  apiRoute(app, s.routeDeps, 'reconMappingSave', async ({ staff, body }) => s.reconciliation.saveMapping(actorOf(staff), body));
  apiRoute(app, s.routeDeps, 'reconImport', async ({ staff, body }) => s.reconciliation.importStatement(actorOf(staff), body));
  apiRoute(app, s.routeDeps, 'reconDay', async ({ body }) => s.reconciliation.day(body.day));
  apiRoute(app, s.routeDeps, 'reconResolve', async ({ staff, body }) => s.reconciliation.resolve(actorOf(staff), body));
  apiRoute(app, s.routeDeps, 'reconSignOff', async ({ staff, body }) => s.reconciliation.requestSignOff(actorOf(staff), body));
}
