import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { DbHandle } from '../../../db/index.ts';
import type { AssetService } from './service.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { assetsValueOf, communityMonthTimeZone } from '@pp/contract';
import { balanceHistory } from './balance-history.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface AssetRoutesDeps {
  dbHandle: DbHandle;
  routeDeps: RouteDeps;
  assets: AssetService;
  settings: ConfigService;
}

export function assetRoutes(app: FastifyInstance, s: AssetRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'assetsList', async ({ session }) => s.assets.list(session.userId));
  // The home's one total: valued by the server at the exchange rates staff configured, so the
  // portal shows the same figure everywhere and a point type with no rate is named, not guessed.
  apiRoute(app, s.routeDeps, 'assetsValue', async ({ session }) => assetsValueOf(await s.assets.list(session.userId), await s.settings.get('exchange.types')));
  // Days in the community's time zone, as the month figures' months (decision 041).
  apiRoute(app, s.routeDeps, 'balanceHistory', async ({ session, body }) =>
    balanceHistory(s.dbHandle.db, { memberId: session.userId, days: body.days, timeZone: communityMonthTimeZone, now: Date.now() }),
  );

  // The package-config call of spec section 7, placed under /api/app/insurance/ (decisions.md).
  apiRoute(app, s.routeDeps, 'packageConfig', async () => ({ equityBuyStatus: await s.settings.get('features.equityBuyStatus') }));
}
