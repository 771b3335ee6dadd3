/** The compensation plan's entry (issue 32): what the dashboard uses of the plan's sources. */
export { loadPurchases } from './sources.ts';
