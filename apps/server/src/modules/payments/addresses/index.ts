/**
 * The withdrawal destinations' entry (decision 015, issue 32): the shared destination rules that
 * bank accounts build on, and the wallet-address service withdrawals check against.
 */
export { type ChangeContext, changeContext, maskedAccountNumber } from './destination-changes.ts';
export { DestinationService, type DestinationSpec } from './destination-service.ts';
export { type AddressService } from './service.ts';
