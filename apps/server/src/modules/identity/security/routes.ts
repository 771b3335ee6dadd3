import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { SecurityService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface SecurityRoutesDeps {
  routeDeps: RouteDeps;
  security: SecurityService;
}

/** The member security centre (decision 010) and the second login step. */
export function securityRoutes(app: FastifyInstance, s: SecurityRoutesDeps): void {
  const { security } = s;

  apiRoute(app, s.routeDeps, 'loginTwoFactor', async ({ body, request }) => security.completeLogin(body, request));

  apiRoute(app, s.routeDeps, 'securityOverview', async ({ session }) => security.overview(session.userId));

  apiRoute(app, s.routeDeps, 'securityTotpSetup', async ({ session }) => security.setup(session.userId));

  apiRoute(app, s.routeDeps, 'securityTotpEnable', async ({ session, body }) => security.enable(session.userId, body));

  apiRoute(app, s.routeDeps, 'securityTotpDisable', async ({ session, body, request, lang }) => {
    await security.disable(session.userId, body, request, lang);
    return { ok: true as const };
  });

  apiRoute(app, s.routeDeps, 'securitySessionList', async ({ session, body }) => security.sessionList(session, body));

  apiRoute(app, s.routeDeps, 'securitySessionRevoke', async ({ session, body }) => {
    await security.revokeSession(session, body.sessionId);
    return { ok: true as const };
  });

  apiRoute(app, s.routeDeps, 'securitySessionRevokeOthers', async ({ session }) => ({ revoked: await security.revokeOtherSessions(session) }));

  apiRoute(app, s.routeDeps, 'securityLoginHistory', async ({ session }) => security.loginHistory(session.userId));
}
