import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { WithdrawalService } from './service.ts';
import type { PayoutService } from './payouts.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface WithdrawalRoutesDeps {
  routeDeps: RouteDeps;
  withdrawals: WithdrawalService;
  payouts: PayoutService;
}

/** Members' withdrawals and the staff payouts by bank or rejection (the chain payouts are chain-routes.ts). */
export function withdrawalRoutes(app: FastifyInstance, s: WithdrawalRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'withdrawalConfigList', async () => s.withdrawals.configList());
  apiRoute(app, s.routeDeps, 'withdrawalInfo', async ({ session }) => s.withdrawals.info(session.userId));
  apiRoute(app, s.routeDeps, 'withdrawal', async ({ session, body }) => s.withdrawals.createBank(session.userId, body));
  apiRoute(app, s.routeDeps, 'bscWithdrawal', async ({ session, body }) => s.withdrawals.createChain(session.userId, body));
  apiRoute(app, s.routeDeps, 'withdrawalOrderList', async ({ session, body }) => s.withdrawals.list(session.userId, null, body));
  apiRoute(app, s.routeDeps, 'withdrawalBankOrderList', async ({ session, body }) => s.withdrawals.list(session.userId, 'bank', body));
  apiRoute(app, s.routeDeps, 'bscWithdrawalOrderList', async ({ session, body }) => s.withdrawals.list(session.userId, 'chain', body));
  apiRoute(app, s.routeDeps, 'payoutList', async ({ body }) => s.payouts.list(body));
  apiRoute(app, s.routeDeps, 'payoutBank', async ({ staff, body }) => s.payouts.payBank(actorOf(staff), body.id, body.bankReference));
  apiRoute(app, s.routeDeps, 'payoutReject', async ({ staff, body }) =>
    s.payouts.reject(actorOf(staff), body.id, { code: body.reasonCode, note: body.reason }),
  );
}
