/** Staff on-chain payouts (decision 019): the hot wallet for one order, a pasted hash, the wallet's status. */
import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function chainPayoutRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'payoutHotWallet', async ({ staff, body }) => s.chainPayouts.payWithHotWallet(actorOf(staff), body.id));
  apiRoute(app, s.routeDeps, 'payoutManualChain', async ({ staff, body }) => s.chainPayouts.payManually(actorOf(staff), body.id, body.txHash));
  apiRoute(app, s.routeDeps, 'hotWalletStatus', async () => s.chainPayouts.hotWalletStatus());
}
