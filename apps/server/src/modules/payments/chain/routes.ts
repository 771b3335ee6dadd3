/** Member chain-deposit calls (address, history) and the back-office chain health. */
import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { ChainService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface ChainRoutesDeps {
  routeDeps: RouteDeps;
  chain: ChainService;
}

export function chainRoutes(app: FastifyInstance, s: ChainRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'depositChainList', async () => s.chain.chainList());
  apiRoute(app, s.routeDeps, 'depositAddress', async ({ session, body }) => s.chain.address(session.userId, body.chain));
  apiRoute(app, s.routeDeps, 'bscDepositRecordList', async ({ session, body }) => s.chain.deposits(session.userId, body));
  apiRoute(app, s.routeDeps, 'chainHealth', async () => s.chain.health());
}
