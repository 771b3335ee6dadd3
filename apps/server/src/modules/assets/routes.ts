import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';
import { communityMonthTimeZone } from '@pp/contract';
import { balanceHistory } from './balance-history.ts';

export function assetRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'assetsList', async ({ session }) => s.assets.list(session.userId));
  // Days in the community's time zone, as the month figures' months (decision 041).
  apiRoute(app, s.routeDeps, 'balanceHistory', async ({ session, body }) =>
    balanceHistory(s.dbHandle.db, { memberId: session.userId, days: body.days, timeZone: communityMonthTimeZone, now: Date.now() }),
  );

  // The package-config call of spec section 7, placed under /api/app/insurance/ (decisions.md).
  apiRoute(app, s.routeDeps, 'packageConfig', async () => ({ equityBuyStatus: await s.settings.get('features.equityBuyStatus') }));
}
