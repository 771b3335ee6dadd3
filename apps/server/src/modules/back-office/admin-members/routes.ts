import type { FastifyInstance } from 'fastify';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { AccountService } from '../../identity/accounts/index.ts';
import type { AssetService } from '../../wallet/assets/index.ts';
import type { AdminMemberService } from './service.ts';
import type { RecordService } from '../../wallet/records/index.ts';
import { AppError } from '../../../errors.ts';
import { requestKey } from '../../../db/once.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface AdminMemberRoutesDeps {
  routeDeps: RouteDeps;
  accounts: AccountService;
  assets: AssetService;
  adminMembers: AdminMemberService;
  records: RecordService;
}

export function adminMemberRoutes(app: FastifyInstance, s: AdminMemberRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'memberSearch', async ({ body }) => s.adminMembers.search(body.query, body.cursor, body.pageSize));
  apiRoute(app, s.routeDeps, 'memberDetail', async ({ body }) => s.adminMembers.detail(body.memberId));
  apiRoute(app, s.routeDeps, 'memberAction', async ({ staff, body }) => {
    await s.adminMembers.act(actorOf(staff), body.memberId, body.action, body.reason, body.sessionId, requestKey('memberAction', staff.id, body));
    return { ok: true as const };
  });
  apiRoute(app, s.routeDeps, 'memberLedger', async ({ body }) => {
    const member = await s.accounts.repository.byId(body.memberId);
    if (!member) throw new AppError('member.notFound');
    return {
      balances: await s.assets.list(member.id),
      records: await s.records.list(member.id, { coinName: body.coinName, cursor: body.cursor, pageSize: body.pageSize }),
    };
  });
  apiRoute(app, s.routeDeps, 'memberGrade', async ({ staff, body }) => {
    await s.adminMembers.setGrade(actorOf(staff), body.memberId, body.level, body.reason, requestKey('memberGrade', staff.id, body));
    return { ok: true as const };
  });
}
