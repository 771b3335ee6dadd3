/** The withdrawals module's entry (docs/decisions/019-withdrawals-and-payouts.md): requests, bank and on-chain payouts, their routes and the payout job. */
import { serverModule } from '../../../plugins/server-module.ts';
import type { JobRunner } from '../../../jobs/runner.ts';
import { withdrawalRoutes, type WithdrawalRoutesDeps } from './routes.ts';
import { chainPayoutRoutes, type ChainPayoutRoutesDeps } from './chain-routes.ts';

/** The services the withdrawals module uses: its two route files' and the runner its payout job joins. */
export interface WithdrawalsModuleDeps extends WithdrawalRoutesDeps, ChainPayoutRoutesDeps {
  jobs: JobRunner;
}

/** The module's plugin: its routes, and the hot-wallet payout job when a payout chain is configured. */
export const withdrawalsModule = serverModule<WithdrawalsModuleDeps>({
  name: 'payments/withdrawals',
  register: async (app, deps) => {
    withdrawalRoutes(app, deps);
    chainPayoutRoutes(app, deps);
    if (deps.chainPayouts.isConfigured) await deps.jobs.register(deps.chainPayouts.job());
  },
});
