import type { FastifyInstance } from 'fastify';
import { transactionTypes } from '@pp/contract';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { DbHandle } from '../../../db/index.ts';
import { revenueSummary, type RecordService } from './service.ts';
import { recordStatement } from './statement.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface RecordRoutesDeps {
  dbHandle: DbHandle;
  routeDeps: RouteDeps;
  records: RecordService;
}

export function recordRoutes(app: FastifyInstance, s: RecordRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'assetsRecordList', async ({ session, body }) => s.records.list(session.userId, body));
  apiRoute(app, s.routeDeps, 'revenueSummary', async ({ session }) => revenueSummary(s.dbHandle.db, session.userId));
  apiRoute(app, s.routeDeps, 'recordStatement', async ({ session, body }) => recordStatement(s.dbHandle.db, session.userId, body.month));
  apiRoute(app, s.routeDeps, 'recordTypeList', async () => transactionTypes.map((type) => ({ type })));
}
