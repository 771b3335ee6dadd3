import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { ExchangeService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface ExchangeRoutesDeps {
  routeDeps: RouteDeps;
  exchanges: ExchangeService;
}

export function exchangeRoutes(app: FastifyInstance, s: ExchangeRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'exchangeTypeList', async () => s.exchanges.types());
  apiRoute(app, s.routeDeps, 'exchangeCreate', async ({ session, body }) => s.exchanges.create(session.userId, body));
  apiRoute(app, s.routeDeps, 'exchangeList', async ({ session, body }) => s.exchanges.list(session.userId, body.cursor, body.pageSize));
  apiRoute(app, s.routeDeps, 'exchangeCancel', async ({ session, body }) => s.exchanges.cancel(session.userId, body.exchangeId, body.requestId));
}
