/** Member chain-deposit calls (address, history) and the back-office chain health. */
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function chainRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'depositChainList', async () => s.chain.chainList());
  apiRoute(app, s.routeDeps, 'depositAddress', async ({ session, body }) => s.chain.address(session.userId, body.chain));
  apiRoute(app, s.routeDeps, 'bscDepositRecordList', async ({ session, body }) => s.chain.deposits(session.userId, body));
  apiRoute(app, s.routeDeps, 'chainHealth', async () => s.chain.health());
}
