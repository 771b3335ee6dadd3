import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { ReviewService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface ReviewRoutesDeps {
  routeDeps: RouteDeps;
  reviews: ReviewService;
}

export function reviewRoutes(app: FastifyInstance, s: ReviewRoutesDeps): void {
  // The calling staff member is passed for each item's canApprove.
  apiRoute(app, s.routeDeps, 'reviewList', async ({ staff, body }) => s.reviews.list(body, { ...actorOf(staff), role: staff.role }));
  apiRoute(app, s.routeDeps, 'reviewDetail', async ({ staff, body }) => s.reviews.detail(body.id, { ...actorOf(staff), role: staff.role }));
  apiRoute(app, s.routeDeps, 'reviewDecide', async ({ staff, body }) => ({
    results: await s.reviews.decide(body.ids, body.decision, body.reasonCode, body.reason, { ...actorOf(staff), role: staff.role }, body.requestId),
  }));
}
