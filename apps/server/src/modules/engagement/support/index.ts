/** The live support chat and game module's entry (docs/decisions/024-support-chat-and-game.md): its routes and its socket. */
import { serverModule } from '../../../plugins/server-module.ts';
import { supportRoutes, type SupportRoutesDeps } from './routes.ts';
import { supportSocketPlugin, type SupportSocketDeps } from './socket.ts';

/** The services the support module uses: its routes' and its socket's. */
export type SupportModuleDeps = SupportRoutesDeps & SupportSocketDeps;

/** The module's plugin: its routes, the support socket, and the socket's pub/sub closed with the app. */
export const supportModule = serverModule<SupportModuleDeps>({
  name: 'engagement/support',
  register: async (app, deps) => {
    supportRoutes(app, deps);
    const { config, routeDeps, sessions, support } = deps;
    await app.register(supportSocketPlugin, { services: { config, routeDeps, sessions, support } });
    app.addHook('onClose', async () => support.pubsub.close());
  },
});
