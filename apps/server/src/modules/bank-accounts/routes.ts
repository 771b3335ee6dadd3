import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';
import { changeContext } from '../addresses/destination-changes.ts';

export function bankAccountRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'bankAccountList', async ({ session }) => s.bankAccounts.list(session.userId));
  apiRoute(app, s.routeDeps, 'addBankAccount', async ({ session, body, request, lang }) => s.bankAccounts.add(session.userId, body, changeContext(request, lang)));
  apiRoute(app, s.routeDeps, 'updateBankAccount', async ({ session, body, request, lang }) => s.bankAccounts.update(session.userId, body, changeContext(request, lang)));
  apiRoute(app, s.routeDeps, 'delBankAccount', async ({ session, body, request, lang }) => {
    await s.bankAccounts.remove(session.userId, body.id, changeContext(request, lang));
    return { ok: true as const };
  });
}
