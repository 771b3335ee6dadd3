/**
 * The notifications module's entry (decision 023): `notify` / `notifyMany` are what another module
 * calls inside the transaction that did what the member is told of (decision 054: a call down to
 * a module that imports none of its callers needs no event); the service answers the member.
 */
import { serverModule } from '../../../plugins/server-module.ts';
import { setNotificationErrorReporter } from './notify.ts';
import { notificationRoutes, type NotificationRoutesDeps } from './routes.ts';

export { notify, notifyMany, setNotificationErrorReporter, type Notice } from './notify.ts';
export { NotificationService } from './service.ts';

/** The module's plugin (issue 32): its routes, and a dropped notification is logged by the app. */
export const notificationsModule = serverModule<NotificationRoutesDeps>({
  name: 'engagement/notifications',
  register: async (app, deps) => {
    notificationRoutes(app, deps);
    setNotificationErrorReporter((error, notice) => app.log.error({ err: error, type: notice.type }, 'notification dropped'));
  },
});
