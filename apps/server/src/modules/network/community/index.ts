/** The community module's entry (docs/decisions/026-flag-rules.md): what other modules use. */
import { serverModule } from '../../../plugins/server-module.ts';
import { communityRoutes, type CommunityRoutesDeps } from './routes.ts';

export { type RuleFlag } from './flags.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const communityModule = serverModule<CommunityRoutesDeps>({
  name: 'network/community',
  register: async (app, deps) => {
    communityRoutes(app, deps);
  },
});
