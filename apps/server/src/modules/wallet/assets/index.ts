/** The balances module's entry (issue 32): what other modules and the composition root use. */
export { AssetService } from './service.ts';
export { dayStarts } from './balance-history.ts';
