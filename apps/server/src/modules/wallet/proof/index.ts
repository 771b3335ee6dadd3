/**
 * The proof of liabilities module's entry (decisions 088, 089): the daily snapshot job, the
 * member's and the public routes, and (by loading verify.ts) the check `ledger:verify` runs.
 */
import type { JobDefinition, JobRunner } from '../../../jobs/runner.ts';
import type { DbHandle } from '../../../db/index.ts';
import { serverModule } from '../../../plugins/server-module.ts';
import { proofRoutes, type ProofRoutesDeps } from './routes.ts';
import type { ProofSigner } from './signing-key.ts';
import { takeSnapshot } from './snapshot.ts';
import './verify.ts';

export { ProofService } from './service.ts';
export { ProofSigner, documentSignatureHolds } from './signing-key.ts';
export { takeSnapshot } from './snapshot.ts';
export { verifyProofSnapshot } from './verify.ts';

/** The snapshot job, named by its period so a run taken over after a crash redoes the same snapshot. */
export function proofSnapshotJob(handle: DbHandle, signer: ProofSigner, schedule = '17 0 * * *'): JobDefinition {
  return {
    name: 'proof-snapshot',
    schedule,
    async run({ period }) {
      // The id names the file a member downloads: letters, digits and dashes only.
      await takeSnapshot(handle, signer, `pol-${period.replace(/[^A-Za-z0-9-]/g, '-')}`);
    },
  };
}

export interface ProofModuleDeps extends ProofRoutesDeps {
  dbHandle: DbHandle;
  proofSigner: ProofSigner;
  jobs: JobRunner;
}

export const proofModule = serverModule<ProofModuleDeps>({
  name: 'wallet/proof',
  register: async (app, deps) => {
    proofRoutes(app, deps);
    await deps.jobs.register(proofSnapshotJob(deps.dbHandle, deps.proofSigner));
  },
});
