import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function reviewRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'reviewList', async ({ body }) => s.reviews.list(body));
  apiRoute(app, s.routeDeps, 'reviewDetail', async ({ body }) => s.reviews.detail(body.id));
  apiRoute(app, s.routeDeps, 'reviewDecide', async ({ staff, body }) => ({
    results: await s.reviews.decide(body.ids, body.decision, body.reasonCode, body.reason, { ...actorOf(staff), role: staff.role }),
  }));
}
