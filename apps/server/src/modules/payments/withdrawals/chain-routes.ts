/** Staff on-chain payouts (decision 019): the hot wallet for one order, a pasted hash, the wallet's status. */
import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { ChainPayoutService } from './chain-payouts.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface ChainPayoutRoutesDeps {
  routeDeps: RouteDeps;
  chainPayouts: ChainPayoutService;
}

export function chainPayoutRoutes(app: FastifyInstance, s: ChainPayoutRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'payoutHotWallet', async ({ staff, body }) => s.chainPayouts.payWithHotWallet(actorOf(staff), body.id));
  apiRoute(app, s.routeDeps, 'payoutManualChain', async ({ staff, body }) => s.chainPayouts.payManually(actorOf(staff), body.id, body.txHash));
  apiRoute(app, s.routeDeps, 'hotWalletStatus', async () => s.chainPayouts.hotWalletStatus());
}
