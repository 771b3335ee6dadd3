/** The back-office jobs module's entry: the jobs' status and "run now" routes. */
import { serverModule } from '../../../plugins/server-module.ts';
import { jobRoutes, type JobRoutesDeps } from './routes.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const jobsModule = serverModule<JobRoutesDeps>({
  name: 'back-office/jobs',
  register: async (app, deps) => {
    jobRoutes(app, deps);
  },
});
