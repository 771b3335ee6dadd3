/** The staff module's entry: staff sign-in, staff management and their routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { staffRoutes, type StaffRoutesDeps } from './routes.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const staffModule = serverModule<StaffRoutesDeps>({
  name: 'identity/staff',
  register: async (app, deps) => {
    staffRoutes(app, deps);
  },
});
