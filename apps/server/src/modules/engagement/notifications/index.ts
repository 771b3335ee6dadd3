/**
 * The notifications module's entry (docs/decisions/023-content-and-notifications.md): `notify` /
 * `notifyMany` are what another module calls inside the transaction that did what the member is
 * told of, with no event in between, since this module imports none of its callers
 * (docs/decisions/054-upload-references-and-domain-events.md); the service answers the member.
 */
import { serverModule } from '../../../plugins/server-module.ts';
import { setNotificationErrorReporter } from './notify.ts';
import { notificationRoutes, type NotificationRoutesDeps } from './routes.ts';

export { notify, notifyMany, setNotificationErrorReporter, type Notice } from './notify.ts';
export { NotificationService } from './service.ts';

/** The module's plugin: its routes, and a dropped notification is logged by the app. */
export const notificationsModule = serverModule<NotificationRoutesDeps>({
  name: 'engagement/notifications',
  register: async (app, deps) => {
    notificationRoutes(app, deps);
    setNotificationErrorReporter((error, notice) => app.log.error({ err: error, type: notice.type }, 'notification dropped'));
  },
});
