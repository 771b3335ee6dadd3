import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function adjustmentRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'adjustmentCreate', async ({ staff, body }) => s.adjustments.create(actorOf(staff), body));
}
