import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';
import { changeContext } from './destination-changes.ts';

export function addressRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'withdrawalAddressList', async ({ session }) => s.addresses.list(session.userId));
  apiRoute(app, s.routeDeps, 'addWithdrawalAddress', async ({ session, body, request, lang }) => s.addresses.add(session.userId, body, changeContext(request, lang)));
  apiRoute(app, s.routeDeps, 'updateWithdrawalAddress', async ({ session, body, request, lang }) => s.addresses.update(session.userId, body, changeContext(request, lang)));
  apiRoute(app, s.routeDeps, 'delWithdrawalAddress', async ({ session, body, request, lang }) => {
    await s.addresses.remove(session.userId, body.id, changeContext(request, lang));
    return { ok: true as const };
  });
}
