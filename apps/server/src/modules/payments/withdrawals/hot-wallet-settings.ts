/**
 * The BEP20 hot wallet's key as the withdrawals module uses it (decision 019). It is read and
 * checked with the rest of the server's settings in config/hot-wallet-key.ts, below the modules,
 * and re-exported here.
 */
export { HotWalletKey, loadHotWalletKey } from '../../../config/hot-wallet-key.ts';
