/**
 * The chain module's entry: address forms, the chain settings and the token transfer
 * event, which the chain payouts use. The test deposit keys live with the test helpers (`apps/server/test/chain-test-keys.ts`).
 */
import { serverModule } from '../../../plugins/server-module.ts';
import type { JobRunner } from '../../../jobs/runner.ts';
import { chainRoutes, type ChainRoutesDeps } from './routes.ts';

export { tronAddress, tronToId20 } from './derivation.ts';
export { type ChainSettings, loadChainSettings, explorerTxUrl } from './settings.ts';
export { transferEvent } from './rpc.ts';

/** The services the chain module uses: its routes' and the runner its watcher jobs join. */
export interface ChainModuleDeps extends ChainRoutesDeps {
  jobs: JobRunner;
}

/**
 * The module's plugin: its routes; at start, the configured deposit keys must be the
 * ones the stored addresses came from, or a ConfigError stops the server, since members' old addresses
 * would otherwise receive money nobody watches; then one watcher job per configured chain.
 */
export const chainModule = serverModule<ChainModuleDeps>({
  name: 'payments/chain',
  register: async (app, deps) => {
    chainRoutes(app, deps);
    await deps.chain.checkStoredKeys();
    for (const job of deps.chain.jobs()) await deps.jobs.register(job);
  },
});
