import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { AddressService } from './service.ts';
import { changeContext } from './destination-changes.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface AddressRoutesDeps {
  routeDeps: RouteDeps;
  addresses: AddressService;
}

export function addressRoutes(app: FastifyInstance, s: AddressRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'withdrawalAddressList', async ({ session }) => s.addresses.list(session.userId));
  apiRoute(app, s.routeDeps, 'addWithdrawalAddress', async ({ session, body, request, lang }) =>
    s.addresses.add(session.userId, body, changeContext(request, lang)),
  );
  apiRoute(app, s.routeDeps, 'updateWithdrawalAddress', async ({ session, body, request, lang }) =>
    s.addresses.update(session.userId, body, changeContext(request, lang)),
  );
  apiRoute(app, s.routeDeps, 'delWithdrawalAddress', async ({ session, body, request, lang }) => {
    await s.addresses.remove(session.userId, body.id, changeContext(request, lang));
    return { ok: true as const };
  });
}
