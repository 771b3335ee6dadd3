import type { FastifyInstance } from 'fastify';
import { roleCan } from '@pp/contract';
import { actorOf, apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function configRoutes(app: FastifyInstance, s: Services): void {
  apiRoute(app, s.routeDeps, 'configList', async () => s.settings.list());
  apiRoute(app, s.routeDeps, 'configUpdate', async ({ staff, body }) => {
    // The endpoint needs config.writeMoney; settings that move no money also need config.write.
    const canWriteAll = roleCan(staff.role, 'config.write');
    return s.settings.update(body.key, body.value, body.reason, actorOf(staff), canWriteAll);
  });
  apiRoute(app, s.routeDeps, 'configHistory', async ({ body }) => s.settings.history(body.key));
}
