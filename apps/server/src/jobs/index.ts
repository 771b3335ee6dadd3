/**
 * The scheduled jobs of the server, each run by the one mechanism in runner.ts. Features add
 * theirs here (chain watcher, reward release, bonus periods, mail retry).
 */
import type { DbHandle } from '../db/index.ts';
import { verifyFull, verifyIncremental } from '../modules/ledger/checkpoint.ts';
import type { JobDefinition } from './runner.ts';
import { loginLimits } from '../plugins/login-throttle.ts';
import type { ChainService } from '../modules/chain/service.ts';

/** Rows older than these are of no use to any check and are deleted by housekeeping. */
export const retention = {
  rateLimitWindowsMs: 2 * 86_400_000,
  usedOrExpiredCodesMs: 86_400_000,
  endedSessionsMs: 30 * 86_400_000,
  jobRunsMs: 30 * 86_400_000,
  /** A sign-in address stays "known" this long after its last use (decision 007). */
  knownAddressesMs: loginLimits.knownAddressTtlMs,
  /** Older sign-ins leave the history; a device unseen this long counts as new again. */
  loginHistoryMs: 365 * 86_400_000,
} as const;

/** `housekeepingSchedule`: the HOUSEKEEPING_SCHEDULE setting (config.ts). */
export function serverJobs(handle: DbHandle, housekeepingSchedule = '*/10 * * * *'): JobDefinition[] {
  const db = handle.db;
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
        const now = Date.now();
        await db.deleteFrom('rate_limits').where('window_start', '<', BigInt(now - retention.rateLimitWindowsMs)).execute();
        // Holds of checks whose process died (decision 038): they stopped counting at their expiry.
        await db.deleteFrom('rate_limit_holds').where('expires_at', '<=', BigInt(now)).execute();
        const codesBefore = BigInt(now - retention.usedOrExpiredCodesMs);
        await db.deleteFrom('captchas').where('expires_at', '<', codesBefore).execute();
        await db.deleteFrom('email_codes').where('expires_at', '<', codesBefore).execute();
        await db.deleteFrom('staff_challenges').where('expires_at', '<', codesBefore).execute();
        await db.deleteFrom('sessions').where('expires_at', '<', BigInt(now - retention.endedSessionsMs)).execute();
        await db.deleteFrom('job_runs').where('started_at', '<', BigInt(now - retention.jobRunsMs)).execute();
        await db.deleteFrom('known_addresses').where('last_seen_at', '<', BigInt(now - retention.knownAddressesMs)).execute();
        await db.deleteFrom('login_history').where('at', '<', BigInt(now - retention.loginHistoryMs)).execute();
      },
    },
  ];
}

/** One chain watcher per configured chain (modules/chain, decision 017), each its own job. */
export function chainJobs(chain: ChainService): JobDefinition[] {
  return chain.jobs();
}
