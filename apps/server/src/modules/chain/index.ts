/**
 * The chain module's entry (issue 32): address forms, the chain settings and the token transfer
 * event, which the chain payouts use. The test deposit keys (`test-keys.ts`) are not part of it.
 */
export { tronAddress, tronToId20 } from './derivation.ts';
export { type ChainSettings, loadChainSettings, explorerTxUrl } from './settings.ts';
export { transferEvent } from './rpc.ts';
