/** The community module's entry (decision 026, issue 32): what other modules use. */
import { serverModule } from '../../../plugins/server-module.ts';
import { communityRoutes, type CommunityRoutesDeps } from './routes.ts';

export { type RuleFlag } from './flags.ts';

/** The module's plugin (issue 32): its routes, registered by app.ts with the services they use. */
export const communityModule = serverModule<CommunityRoutesDeps>({
  name: 'network/community',
  register: async (app, deps) => {
    communityRoutes(app, deps);
  },
});
