/** The back-office dashboard's entry: its routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { dashboardRoutes, type DashboardRoutesDeps } from './routes.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const dashboardModule = serverModule<DashboardRoutesDeps>({
  name: 'back-office/dashboard',
  register: async (app, deps) => {
    dashboardRoutes(app, deps);
  },
});
