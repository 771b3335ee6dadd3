import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { BankDepositService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface DepositRoutesDeps {
  routeDeps: RouteDeps;
  bankDeposits: BankDepositService;
}

export function depositRoutes(app: FastifyInstance, s: DepositRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'bankDepositConfig', async () => s.bankDeposits.config());
  apiRoute(app, s.routeDeps, 'deposit', async ({ session, body }) => s.bankDeposits.create(session.userId, body));
  // Bank deposits; on-chain deposits have bscDepositRecordList (the chain module).
  apiRoute(app, s.routeDeps, 'depositRecordList', async ({ session, body }) => s.bankDeposits.list(session.userId, body));
}
