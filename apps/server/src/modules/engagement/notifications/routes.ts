import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { NotificationService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface NotificationRoutesDeps {
  routeDeps: RouteDeps;
  notifications: NotificationService;
}

/** The member's notifications (decision 023). */
export function notificationRoutes(app: FastifyInstance, s: NotificationRoutesDeps): void {
  const d = s.routeDeps;
  apiRoute(app, d, 'notificationList', async ({ session, body }) => s.notifications.list(session.userId, body));
  apiRoute(app, d, 'notificationUnread', async ({ session }) => ({ count: await s.notifications.unreadCount(session.userId) }));
  apiRoute(app, d, 'notificationRead', async ({ session, body }) => {
    await s.notifications.markRead(session.userId, body.id);
    return { ok: true as const };
  });
  apiRoute(app, d, 'notificationReadAll', async ({ session }) => ({ count: await s.notifications.markAllRead(session.userId) }));
}
