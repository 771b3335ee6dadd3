import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function depositRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'bankDepositConfig', async () => s.bankDeposits.config());
  apiRoute(app, s.routeDeps, 'deposit', async ({ session, body }) => s.bankDeposits.create(session.userId, body));
  // Bank deposits; on-chain deposits have bscDepositRecordList (the chain module).
  apiRoute(app, s.routeDeps, 'depositRecordList', async ({ session, body }) => s.bankDeposits.list(session.userId, body));
}
