import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { Config } from '../../../config.ts';
import type { DbHandle } from '../../../db/index.ts';
import type { CommunityService } from './service.ts';
import { monthFigures } from './month-series.ts';

function originOf(request: FastifyRequest, configured: string): string {
  if (configured) return configured.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface CommunityRoutesDeps {
  config: Config;
  dbHandle: DbHandle;
  routeDeps: RouteDeps;
  community: CommunityService;
}

/** The member's community (decision 021) and what staff see of it. */
export function communityRoutes(app: FastifyInstance, s: CommunityRoutesDeps): void {
  const d = s.routeDeps;
  apiRoute(app, d, 'organization', async ({ session, body }) => s.community.organization(session.userId, body));
  apiRoute(app, d, 'userOrganizationInfo', async ({ session, request }) => s.community.info(session.userId, originOf(request, s.config.publicOrigin)));
  apiRoute(app, d, 'userMonthFigures', async ({ session }) => monthFigures(s.dbHandle.db, session.userId, Date.now()));
  apiRoute(app, d, 'memberCommunity', async ({ body }) => s.community.staffView(body.memberId));
}
