import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { ReviewService } from './service.ts';

/** The services this module's routes use, passed by the composition root (issue 32). */
export interface ReviewRoutesDeps {
  routeDeps: RouteDeps;
  reviews: ReviewService;
}

export function reviewRoutes(app: FastifyInstance, s: ReviewRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'reviewList', async ({ body }) => s.reviews.list(body));
  apiRoute(app, s.routeDeps, 'reviewDetail', async ({ body }) => s.reviews.detail(body.id));
  apiRoute(app, s.routeDeps, 'reviewDecide', async ({ staff, body }) => ({
    results: await s.reviews.decide(body.ids, body.decision, body.reasonCode, body.reason, { ...actorOf(staff), role: staff.role }),
  }));
}
