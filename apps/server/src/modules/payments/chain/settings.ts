/**
 * The chain settings as the chain module uses them. They are read and checked with the rest of the
 * server's settings in config/chain-settings.ts, below the modules, and re-exported here.
 */
import type { ChainSettings } from '../../../config/chain-settings.ts';

export { chainLimits, loadChainSettings, type ChainSettings } from '../../../config/chain-settings.ts';

/** The explorer page of a transaction: BscScan's /tx/0x..., Tronscan's /#/transaction/<hash without 0x>. */
export function explorerTxUrl(settings: Pick<ChainSettings, 'chain' | 'explorerUrl'>, txHash: string): string {
  return settings.chain === 'BEP20' ? `${settings.explorerUrl}/tx/${txHash}` : `${settings.explorerUrl}/#/transaction/${txHash.replace(/^0x/, '')}`;
}
