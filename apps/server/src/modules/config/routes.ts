import type { FastifyInstance } from 'fastify';
import { roleCan } from '@pp/contract';
import { apiRoute } from '../../plugins/api-route.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Services } from '../../services.ts';
import { actorOf } from '../staff/routes.ts';

export function configRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'configList', async () => s.settings.list());
  apiRoute(app, s.routeDeps, 'configUpdate', async ({ staff, body }) => {
    // config.write changes everything; config.writeMoney only the money settings.
    const canWriteAll = roleCan(staff.role, 'config.write');
    if (!canWriteAll && !roleCan(staff.role, 'config.writeMoney')) throw new AppError('auth.forbidden');
    return s.settings.update(body.key, body.value, body.reason, actorOf(staff), canWriteAll);
  });
  apiRoute(app, s.routeDeps, 'configHistory', async ({ body }) => s.settings.history(body.key));
}
