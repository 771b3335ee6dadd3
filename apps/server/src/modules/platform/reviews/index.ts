/** The review queues' entry: what the modules with items to approve use. */
import { serverModule } from '../../../plugins/server-module.ts';
import { reviewRoutes, type ReviewRoutesDeps } from './routes.ts';

export { type QueueHandler, type ReviewHandlers, type ReviewQueue, type ReviewRow, type ReviewService, reviewQueues } from './service.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const reviewsModule = serverModule<ReviewRoutesDeps>({
  name: 'platform/reviews',
  register: async (app, deps) => {
    reviewRoutes(app, deps);
  },
});
