import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';
import { num } from '../../db/index.ts';

/** Zero as a decimal string at a coin's scale. */
function zeroAt(scale: number): string {
  return scale > 0 ? `0.${'0'.repeat(scale)}` : '0';
}

export function assetRoutes(app: FastifyInstance, s: Services): void {
  // Every coin reads zero until the ledger (issue 4) backs the balances.
  apiRoute(app, s.sessions, 'assetsList', async () => {
    const coins = await s.dbHandle.db.selectFrom('coins').select(['coin_name', 'scale']).orderBy('sort_order').execute();
    return coins.map((c) => {
      const zero = zeroAt(num(c.scale));
      return { coinName: c.coin_name, assetsAvailable: zero, assetsFrozen: zero, assetsFixed: zero, assetsTotal: zero };
    });
  });

  // The package-config call of spec section 7, placed under /api/app/insurance/ (decisions.md).
  apiRoute(app, s.sessions, 'packageConfig', async () => ({ equityBuyStatus: false }));
}
