import type { FastifyInstance } from 'fastify';
import { roleCan } from '@pp/contract';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { SaleService } from './sales.ts';
import type { EquityService } from './equity.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface ScarceRoutesDeps {
  routeDeps: RouteDeps;
  sales: SaleService;
  equity: EquityService;
}

/** Purchase-code rushes, flash sales and shares (decision 025). */
export function scarceRoutes(app: FastifyInstance, s: ScarceRoutesDeps): void {
  const d = s.routeDeps;
  apiRoute(app, d, 'saleList', async ({ session, body, lang }) => s.sales.list(session.userId, lang, body.kind));
  apiRoute(app, d, 'armPurchase', async ({ session, body }) => s.sales.arm(session.userId, body));
  apiRoute(app, d, 'buyPurchaseCode', async ({ session, body }) => s.sales.purchase(session.userId, 'code', body));
  apiRoute(app, d, 'flashSaleBuy', async ({ session, body }) => s.sales.purchase(session.userId, 'flash', body));
  apiRoute(app, d, 'purchaseCodeRecordList', async ({ session, body, lang }) => s.sales.codeList(session.userId, lang, body.state, body.cursor, body.pageSize));
  apiRoute(app, d, 'activatePurchaseCode', async ({ session, body }) => ({ holdingId: await s.sales.activate(session.userId, body) }));
  apiRoute(app, d, 'givePurchaseCode', async ({ session, body }) => ({ holdingId: await s.sales.give(session.userId, body) }));
  apiRoute(app, d, 'buyEquityInfo', async ({ session }) => s.equity.info(session.userId));
  apiRoute(app, d, 'buyEquity', async ({ session, body }) => ({ recordId: await s.equity.buy(session.userId, body) }));
  apiRoute(app, d, 'buyEquityRecordList', async ({ session, body }) => s.equity.records(session.userId, body.cursor, body.pageSize));
  // Back-office.
  apiRoute(app, d, 'saleAdminList', async ({ body, lang }) => s.sales.adminList(lang, body.kind, body.cursor, body.pageSize));
  apiRoute(app, d, 'saleOpen', async ({ staff, body, lang }) => s.sales.open(actorOf(staff), lang, body));
  apiRoute(app, d, 'saleClose', async ({ staff, body, lang }) => s.sales.close(actorOf(staff), lang, body));
  apiRoute(app, d, 'equityConfigGet', async () => s.equity.adminConfig());
  apiRoute(app, d, 'equityConfigSave', async ({ staff, body }) => s.equity.save(actorOf(staff), body, roleCan(staff.role, 'config.write')));
}
