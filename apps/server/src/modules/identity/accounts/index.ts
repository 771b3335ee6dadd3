/** The member accounts module's entry: what other modules and the composition root use. */
import { serverModule } from '../../../plugins/server-module.ts';
import { accountRoutes, type AccountRoutesDeps } from './routes.ts';

export { AccountService, txPasswordKey } from './service.ts';
export { type AccountRepository, type UserRow, nameKey } from './repository.ts';
export { verifyPassword, hashPassword } from './passwords.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const accountsModule = serverModule<AccountRoutesDeps>({
  name: 'identity/accounts',
  register: async (app, deps) => {
    accountRoutes(app, deps);
  },
});
