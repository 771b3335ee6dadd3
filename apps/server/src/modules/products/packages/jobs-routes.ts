/** Claims and jackpot endpoints (decision 020): the reviewed and scheduled side of packages. */
import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { ClaimService } from './claims.ts';
import type { JackpotService } from './jackpot.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface PackageJobRoutesDeps {
  routeDeps: RouteDeps;
  packageClaims: ClaimService;
  jackpot: JackpotService;
}

export function packageJobRoutes(app: FastifyInstance, s: PackageJobRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'claimCreate', async ({ session, body }) => s.packageClaims.create(session.userId, body));
  apiRoute(app, s.routeDeps, 'claimList', async ({ session, body, lang }) => s.packageClaims.list(session.userId, body.cursor, body.pageSize, lang));
  apiRoute(app, s.routeDeps, 'jackpotInfo', async () => s.jackpot.info());
  apiRoute(app, s.routeDeps, 'jackpotRecordList', async ({ session, body }) => s.jackpot.records(session.userId, body.cursor, body.pageSize));
  apiRoute(app, s.routeDeps, 'jackpotAdminList', async () => s.jackpot.adminList());
}
