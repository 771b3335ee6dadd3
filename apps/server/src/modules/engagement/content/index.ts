/** The content module's entry (decision 023, issue 32): announcements, help pages and their routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { contentRoutes, type ContentRoutesDeps } from './routes.ts';

/** The module's plugin (issue 32): its routes, registered by app.ts with the services they use. */
export const contentModule = serverModule<ContentRoutesDeps>({
  name: 'engagement/content',
  register: async (app, deps) => {
    contentRoutes(app, deps);
  },
});
