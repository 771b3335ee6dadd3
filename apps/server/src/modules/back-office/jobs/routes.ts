/** The back-office view of the scheduled jobs (src/jobs): status, and "run now" with an audit row. */
import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import { AppError } from '../../../errors.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { once, requestKey } from '../../../db/once.ts';
import type { DbHandle } from '../../../db/index.ts';
import type { JobRunner } from '../../../jobs/runner.ts';
import type { AuditService } from '../../platform/audit/index.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface JobRoutesDeps {
  dbHandle: DbHandle;
  routeDeps: RouteDeps;
  jobs: JobRunner;
  audit: AuditService;
}

export function jobRoutes(app: FastifyInstance, s: JobRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'jobList', async () => s.jobs.status());
  apiRoute(app, s.routeDeps, 'jobRunNow', async ({ staff, body }) => {
    const actor = actorOf(staff);
    // Keyed once (db/once.ts): a retried "run now" asks for one run and writes one audit row.
    await inTransaction(s.dbHandle.db, (tx) =>
      once(tx, requestKey('jobRunNow', staff.id, body), async () => {
        const requestedAt = Date.now();
        const result = await tx
          .updateTable('job_state')
          .set({ run_requested_at: BigInt(requestedAt), run_requested_by: actor.name })
          .where('name', '=', body.name)
          .executeTakeFirst();
        if (result.numUpdatedRows !== 1n) throw new AppError('job.notFound');
        await s.audit.record(tx, actor, {
          action: 'job.runNow',
          targetType: 'job',
          targetId: body.name,
          before: null,
          after: { requestedAt },
          reason: body.reason,
        });
      }),
    );
    // This process wakes the job now; any other process would take it at its next poll.
    s.jobs.tick(body.name);
    return { ok: true as const };
  });
}
