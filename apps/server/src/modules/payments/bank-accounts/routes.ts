import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { BankAccountService } from './service.ts';
import { changeContext } from '../addresses/index.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface BankAccountRoutesDeps {
  routeDeps: RouteDeps;
  bankAccounts: BankAccountService;
}

export function bankAccountRoutes(app: FastifyInstance, s: BankAccountRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'bankAccountList', async ({ session }) => s.bankAccounts.list(session.userId));
  apiRoute(app, s.routeDeps, 'addBankAccount', async ({ session, body, request, lang }) =>
    s.bankAccounts.add(session.userId, body, changeContext(request, lang)),
  );
  apiRoute(app, s.routeDeps, 'updateBankAccount', async ({ session, body, request, lang }) =>
    s.bankAccounts.update(session.userId, body, changeContext(request, lang)),
  );
  apiRoute(app, s.routeDeps, 'delBankAccount', async ({ session, body, request, lang }) => {
    await s.bankAccounts.remove(session.userId, body.id, changeContext(request, lang));
    return { ok: true as const };
  });
}
