import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function assetRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'assetsList', async ({ session }) => s.assets.list(session.userId));

  // The package-config call of spec section 7, placed under /api/app/insurance/ (decisions.md).
  apiRoute(app, s.routeDeps, 'packageConfig', async () => ({ equityBuyStatus: await s.settings.get('features.equityBuyStatus') }));
}
