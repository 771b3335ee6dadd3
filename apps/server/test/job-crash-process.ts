/**
 * A process that runs one slow job and is meant to be killed in the middle of it
 * (apps/server/src/jobs/crash.int.test.ts). It opens the database of DATABASE_URL (or DATA_DIR's
 * SQLite file), runs a JobRunner named JOB_OWNER with lease JOB_LEASE_MS over the job
 * `crash-slow` (every second), prints "started <period>" when a run begins, and then never ends
 * the run on its own.
 */
import pino from 'pino';
import { openDb } from '../src/db/index.ts';
import { JobRunner } from '../src/jobs/runner.ts';

const handle = openDb({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir: process.env.DATA_DIR ?? '' });
const runner = new JobRunner(handle.db, pino({ level: 'silent' }), {
  leaseMs: Number(process.env.JOB_LEASE_MS ?? 1_000),
  pollMs: 100,
  owner: process.env.JOB_OWNER ?? 'doomed',
});
await runner.register({
  name: 'crash-slow',
  schedule: '* * * * * *',
  async run({ period }) {
    process.stdout.write(`started ${period}\n`);
    await new Promise((resolve) => setTimeout(resolve, 600_000));
  },
});
runner.start();
// The runner's timers do not hold the process open (a server has its listener for that).
setInterval(() => {}, 60_000);
