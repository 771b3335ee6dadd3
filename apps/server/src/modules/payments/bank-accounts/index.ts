/** The bank accounts module's entry (decision 015, issue 32): what withdrawals use. */
import { serverModule } from '../../../plugins/server-module.ts';
import { bankAccountRoutes, type BankAccountRoutesDeps } from './routes.ts';

export { type BankAccountService } from './service.ts';

/** The module's plugin (issue 32): its routes, registered by app.ts with the services they use. */
export const bankAccountsModule = serverModule<BankAccountRoutesDeps>({
  name: 'payments/bank-accounts',
  register: async (app, deps) => {
    bankAccountRoutes(app, deps);
  },
});
