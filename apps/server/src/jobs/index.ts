/**
 * The scheduled jobs of the server that belong to no module (ledger checks, housekeeping), each
 * run by the one mechanism in runner.ts and registered by app.ts. A module registers its own jobs
 * from its entry's plugin (chain watchers, reward release, bonus periods), so adding a module's job
 * needs no edit here.
 */
import type { DbHandle } from '../db/index.ts';
import { deleteInBatches } from '../db/batched-delete.ts';
import { verifyFull, verifyIncremental } from '../modules/wallet/ledger/checkpoint.ts';
import type { JobDefinition } from './runner.ts';
import { loginLimits } from '../plugins/login-throttle.ts';

/** Rows older than these are of no use to any check and are deleted by housekeeping. */
export const retention = {
  rateLimitWindowsMs: 2 * 86_400_000,
  usedOrExpiredCodesMs: 86_400_000,
  endedSessionsMs: 30 * 86_400_000,
  jobRunsMs: 30 * 86_400_000,
  /**
   * A keyed write's stored answer and a recorded send (db/once.ts): a client keeps a request id
   * for the retries of one submission (minutes) and a send's nonce is stale after twice the time
   * skew, so a week keeps every retry and replay covered with room to spare.
   */
  requestLogMs: 7 * 86_400_000,
  /** A sign-in address stays "known" this long after its last use (decision 007). */
  knownAddressesMs: loginLimits.knownAddressTtlMs,
  /** Older sign-ins leave the history; a device unseen this long counts as new again. */
  loginHistoryMs: 365 * 86_400_000,
} as const;

/** `housekeepingSchedule`: the HOUSEKEEPING_SCHEDULE setting (config.ts). */
export function serverJobs(handle: DbHandle, housekeepingSchedule = '*/10 * * * *'): JobDefinition[] {
  return [
    {
      // What changed since the last checkpoint (decision 045): its cost follows the hour's movements.
      name: 'ledger-verify',
      schedule: '7 * * * *',
      async run() {
        const result = await verifyIncremental(handle);
        if (!result.isBalanced) throw new Error(`ledger not balanced: ${result.problems.length} problems`);
      },
    },
    {
      // The whole journal and the packages, once a day, on a read snapshot that blocks no writer.
      name: 'ledger-verify-full',
      schedule: '37 3 * * *',
      async run() {
        const result = await verifyFull(handle);
        if (!result.isBalanced) throw new Error(`ledger not balanced: ${result.problems.length} problems`);
      },
    },
    {
      name: 'housekeeping',
      schedule: housekeepingSchedule,
      async run() {
        // Each table in batches with a yield between them (decision 047): no lock held for long.
        const now = Date.now();
        const codesBefore = BigInt(now - retention.usedOrExpiredCodesMs);
        await deleteInBatches(handle, 'rate_limits', 'window_start', BigInt(now - retention.rateLimitWindowsMs));
        // Holds of checks whose process died (decision 038): they stopped counting at their expiry.
        await deleteInBatches(handle, 'rate_limit_holds', 'expires_at', BigInt(now), { inclusive: true });
        await deleteInBatches(handle, 'captchas', 'expires_at', codesBefore);
        await deleteInBatches(handle, 'email_codes', 'expires_at', codesBefore);
        await deleteInBatches(handle, 'staff_challenges', 'expires_at', codesBefore);
        // Member sign-in challenges: each new one sweeps one batch; a burst of them leaves the rest here.
        await deleteInBatches(handle, 'login_challenges', 'expires_at', codesBefore);
        await deleteInBatches(handle, 'sessions', 'expires_at', BigInt(now - retention.endedSessionsMs));
        await deleteInBatches(handle, 'job_runs', 'started_at', BigInt(now - retention.jobRunsMs));
        await deleteInBatches(handle, 'known_addresses', 'last_seen_at', BigInt(now - retention.knownAddressesMs));
        await deleteInBatches(handle, 'login_history', 'at', BigInt(now - retention.loginHistoryMs));
        await deleteInBatches(handle, 'request_log', 'created_at', BigInt(now - retention.requestLogMs));
      },
    },
  ];
}
