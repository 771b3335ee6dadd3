import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { AdjustmentService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface AdjustmentRoutesDeps {
  routeDeps: RouteDeps;
  adjustments: AdjustmentService;
}

export function adjustmentRoutes(app: FastifyInstance, s: AdjustmentRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'adjustmentCreate', async ({ staff, body }) => s.adjustments.create(actorOf(staff), body));
}
