/**
 * The withdrawal destinations' entry (docs/decisions/015-bank-accounts-and-addresses.md): the shared destination rules that
 * bank accounts build on, and the wallet-address service withdrawals check against.
 */
import { serverModule } from '../../../plugins/server-module.ts';
import { addressRoutes, type AddressRoutesDeps } from './routes.ts';

export { type ChangeContext, changeContext, maskedAccountNumber } from './destination-changes.ts';
export { DestinationService, type DestinationSpec } from './destination-service.ts';
export { type AddressService } from './service.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const addressesModule = serverModule<AddressRoutesDeps>({
  name: 'payments/addresses',
  register: async (app, deps) => {
    addressRoutes(app, deps);
  },
});
