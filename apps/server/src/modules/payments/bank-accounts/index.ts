/** The bank accounts module's entry (docs/decisions/015-bank-accounts-and-addresses.md): what withdrawals use. */
import { serverModule } from '../../../plugins/server-module.ts';
import { bankAccountRoutes, type BankAccountRoutesDeps } from './routes.ts';

export { type BankAccountService } from './service.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const bankAccountsModule = serverModule<BankAccountRoutesDeps>({
  name: 'payments/bank-accounts',
  register: async (app, deps) => {
    bankAccountRoutes(app, deps);
  },
});
