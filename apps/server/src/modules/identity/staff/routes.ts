import type { FastifyInstance } from 'fastify';
import { rolePermissions } from '@pp/contract';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import { requestKey } from '../../../db/once.ts';
import type { SessionService } from '../sessions/index.ts';
import type { StaffService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface StaffRoutesDeps {
  routeDeps: RouteDeps;
  sessions: SessionService;
  staff: StaffService;
}

export function staffRoutes(app: FastifyInstance, s: StaffRoutesDeps): void {
  const d = s.routeDeps;
  apiRoute(app, d, 'staffLogin', async ({ body, request }) => s.staff.login(body, request));
  apiRoute(app, d, 'staffTotpSetup', async ({ body, request }) => s.staff.completeLogin(body.challengeId, body.code, 'totp-setup', request));
  apiRoute(app, d, 'staffTotpVerify', async ({ body, request }) => s.staff.completeLogin(body.challengeId, body.code, 'totp', request));
  apiRoute(app, d, 'staffLogout', async ({ staff }) => {
    await s.sessions.revoke(staff.sessionId);
    return { ok: true as const };
  });
  apiRoute(app, d, 'staffMe', async ({ staff }) => ({
    id: staff.id,
    userName: staff.userName,
    role: staff.role,
    permissions: [...rolePermissions[staff.role]],
  }));
  apiRoute(app, d, 'staffList', async () => s.staff.list());
  apiRoute(app, d, 'staffCreate', async ({ staff, body }) =>
    s.staff.createAudited(actorOf(staff), body, requestKey('staffCreate', staff.id, body, ['password'])),
  );
  apiRoute(app, d, 'staffUpdate', async ({ staff, body }) => s.staff.update(actorOf(staff), body, requestKey('staffUpdate', staff.id, body)));
}
