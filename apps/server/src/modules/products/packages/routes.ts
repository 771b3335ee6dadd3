import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { PackageService } from './service.ts';
import type { CatalogueService } from './catalogue.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface PackageRoutesDeps {
  routeDeps: RouteDeps;
  packages: PackageService;
  catalogue: CatalogueService;
}

/** Member actions and the catalogue (decision 020); claims and the jackpot register their own. */
export function packageRoutes(app: FastifyInstance, s: PackageRoutesDeps): void {
  const d = s.routeDeps;
  apiRoute(app, d, 'matchingList', async ({ session, lang }) => s.packages.productList(session.userId, lang));
  apiRoute(app, d, 'checkBuyInsurance', async ({ session, body }) => s.packages.checkBuy(session.userId, body.productId, body.quantity));
  apiRoute(app, d, 'buyMatching', async ({ session, body }) => ({ holdingId: await s.packages.buy(session.userId, body) }));
  apiRoute(app, d, 'upgradeMatching', async ({ session, body }) => ({ holdingId: await s.packages.upgrade(session.userId, body) }));
  apiRoute(app, d, 'fillingPositions', async ({ session, body }) => ({ holdingId: await s.packages.fill(session.userId, body) }));
  apiRoute(app, d, 'addWarehouse', async ({ session, body }) => ({ holdingId: await s.packages.add(session.userId, body) }));
  apiRoute(app, d, 'redeemFee', async ({ session, body }) => s.packages.redeemFee(session.userId, body.holdingId));
  apiRoute(app, d, 'redeem', async ({ session, body }) => ({ holdingId: await s.packages.redeem(session.userId, body) }));
  apiRoute(app, d, 'internalTransfer', async ({ session, body }) => ({ holdingId: await s.packages.transferHolding(session.userId, body) }));
  apiRoute(app, d, 'insuranceDetailInfo', async ({ session, body, lang }) => s.packages.holdingDetail(session.userId, lang, body.holdingId, body.cursor));
  apiRoute(app, d, 'paymentRecordList', async ({ session, body, lang }) =>
    s.packages.paymentRecords(session.userId, lang, body.type, body.cursor, body.pageSize),
  );
  apiRoute(app, d, 'buyMatchingList', async ({ session, body, lang }) => s.packages.holdingList(session.userId, lang, body.state, body.cursor, body.pageSize));
  apiRoute(app, d, 'updateInsuranceAutoAddWarehouseStatus', async ({ session, body }) => {
    await s.packages.setAutoTopUp(session.userId, body.status);
    return { ok: true as const };
  });
  apiRoute(app, d, 'activationCodeBuy', async ({ session, body, lang }) => s.packages.buyCode(session.userId, lang, body));
  apiRoute(app, d, 'activationCodeList', async ({ session, body, lang }) => s.packages.codeList(session.userId, lang, body.state, body.cursor, body.pageSize));
  apiRoute(app, d, 'activationCodeActivate', async ({ session, body }) => ({ holdingId: await s.packages.activateCode(session.userId, body) }));
  // Back-office.
  apiRoute(app, d, 'productAdminList', async () => s.catalogue.adminList());
  apiRoute(app, d, 'productSave', async ({ staff, body }) => s.catalogue.save(actorOf(staff), body));
  apiRoute(app, d, 'holdingAdminList', async ({ body, lang }) => s.packages.holdingAdminList(lang, body.userName, body.state, body.cursor, body.pageSize));
}
