/** The content module's entry (docs/decisions/023-content-and-notifications.md): announcements, help pages and their routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { contentRoutes, type ContentRoutesDeps } from './routes.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const contentModule = serverModule<ContentRoutesDeps>({
  name: 'engagement/content',
  register: async (app, deps) => {
    contentRoutes(app, deps);
  },
});
