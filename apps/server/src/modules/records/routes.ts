import type { FastifyInstance } from 'fastify';
import { transactionTypes } from '@pp/contract';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';
import { revenueSummary } from './service.ts';

export function recordRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'assetsRecordList', async ({ session, body }) => s.records.list(session.userId, body));
  apiRoute(app, s.routeDeps, 'revenueSummary', async ({ session }) => revenueSummary(s.dbHandle.db, session.userId));
  apiRoute(app, s.routeDeps, 'recordTypeList', async () => transactionTypes.map((type) => ({ type })));
}
