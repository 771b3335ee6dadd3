import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { TransferService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface TransferRoutesDeps {
  routeDeps: RouteDeps;
  transfers: TransferService;
}

export function transferRoutes(app: FastifyInstance, s: TransferRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'transferConfig', async () => s.transfers.config());
  apiRoute(app, s.routeDeps, 'transferCreate', async ({ session, body }) => s.transfers.create(session.userId, body));
  apiRoute(app, s.routeDeps, 'transferRecipientCheck', async ({ session, body }) => s.transfers.checkRecipient(session.userId, body.toUserName));
  apiRoute(app, s.routeDeps, 'transferRecentRecipients', async ({ session }) => s.transfers.recentRecipients(session.userId));
  apiRoute(app, s.routeDeps, 'transferList', async ({ session, body }) => s.transfers.list(session.userId, body.direction, body.cursor, body.pageSize));
}
