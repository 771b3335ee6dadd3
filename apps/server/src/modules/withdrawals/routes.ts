import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

/** Members' withdrawals and the staff payouts by bank or rejection (the chain payouts are chain-routes.ts). */
export function withdrawalRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'withdrawalConfigList', async () => s.withdrawals.configList());
  apiRoute(app, s.routeDeps, 'withdrawalInfo', async ({ session }) => s.withdrawals.info(session.userId));
  apiRoute(app, s.routeDeps, 'withdrawal', async ({ session, body }) => s.withdrawals.createBank(session.userId, body));
  apiRoute(app, s.routeDeps, 'bscWithdrawal', async ({ session, body }) => s.withdrawals.createChain(session.userId, body));
  apiRoute(app, s.routeDeps, 'withdrawalOrderList', async ({ session, body }) => s.withdrawals.list(session.userId, null, body));
  apiRoute(app, s.routeDeps, 'withdrawalBankOrderList', async ({ session, body }) => s.withdrawals.list(session.userId, 'bank', body));
  apiRoute(app, s.routeDeps, 'bscWithdrawalOrderList', async ({ session, body }) => s.withdrawals.list(session.userId, 'chain', body));
  apiRoute(app, s.routeDeps, 'payoutList', async ({ body }) => s.payouts.list(body));
  apiRoute(app, s.routeDeps, 'payoutBank', async ({ staff, body }) => s.payouts.payBank(actorOf(staff), body.id, body.bankReference));
  apiRoute(app, s.routeDeps, 'payoutReject', async ({ staff, body }) => s.payouts.reject(actorOf(staff), body.id, body.reasonCode, body.reason));
}
