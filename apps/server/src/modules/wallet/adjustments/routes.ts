import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { AdjustmentService } from './service.ts';

/** The services this module's routes use, passed by the composition root (issue 32). */
export interface AdjustmentRoutesDeps {
  routeDeps: RouteDeps;
  adjustments: AdjustmentService;
}

export function adjustmentRoutes(app: FastifyInstance, s: AdjustmentRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'adjustmentCreate', async ({ staff, body }) => s.adjustments.create(actorOf(staff), body));
}
