/** The back-office view of the scheduled jobs (src/jobs): status, and "run now" with an audit row. */
import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute } from '../../plugins/api-route.ts';
import { AppError } from '../../errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Services } from '../../services.ts';

export function jobRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'jobList', async () => s.jobs.status());
  apiRoute(app, s.routeDeps, 'jobRunNow', async ({ staff, body }) => {
    const actor = actorOf(staff);
    await inTransaction(s.dbHandle.db, async (tx) => {
      const requestedAt = Date.now();
      const result = await tx
        .updateTable('job_state')
        .set({ run_requested_at: BigInt(requestedAt), run_requested_by: actor.name })
        .where('name', '=', body.name)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) throw new AppError('job.notFound');
      await s.audit.record(tx, actor, { action: 'job.runNow', targetType: 'job', targetId: body.name, before: null, after: { requestedAt }, reason: body.reason });
    });
    // This process wakes the job now; any other process would take it at its next poll.
    s.jobs.tick(body.name);
    return { ok: true as const };
  });
}
