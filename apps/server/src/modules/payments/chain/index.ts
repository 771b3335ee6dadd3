/**
 * The chain module's entry (issue 32): address forms, the chain settings and the token transfer
 * event, which the chain payouts use. The test deposit keys live with the test helpers (`apps/server/test/chain-test-keys.ts`).
 */
export { tronAddress, tronToId20 } from './derivation.ts';
export { type ChainSettings, loadChainSettings, explorerTxUrl } from './settings.ts';
export { transferEvent } from './rpc.ts';
