import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';
import { monthFigures } from './month-series.ts';

function originOf(request: FastifyRequest, configured: string): string {
  if (configured) return configured.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The member's community (decision 021) and what staff see of it. */
export function communityRoutes(app: FastifyInstance, s: Services): void {
  const d = s.routeDeps;
  apiRoute(app, d, 'organization', async ({ session, body }) => s.community.organization(session.userId, body));
  apiRoute(app, d, 'userOrganizationInfo', async ({ session, request }) => s.community.info(session.userId, originOf(request, s.config.publicOrigin)));
  apiRoute(app, d, 'userMonthFigures', async ({ session }) => monthFigures(s.dbHandle.db, session.userId, Date.now()));
  apiRoute(app, d, 'memberCommunity', async ({ body }) => s.community.staffView(body.memberId));
}
