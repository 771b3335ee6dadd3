import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';
import { actorOf } from '../staff/routes.ts';

export function adjustmentRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'adjustmentCreate', async ({ staff, body }) => s.adjustments.create(actorOf(staff), body));
}
