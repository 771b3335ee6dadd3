/** The back-office members module's entry: staff's view and changes of member accounts, its routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { adminMemberRoutes, type AdminMemberRoutesDeps } from './routes.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const adminMembersModule = serverModule<AdminMemberRoutesDeps>({
  name: 'back-office/admin-members',
  register: async (app, deps) => {
    adminMemberRoutes(app, deps);
  },
});
