/**
 * A local chain for the withdrawal e2e tests (decision 019): ganache in-process with an 18-decimal
 * BEP20-style USDT (the deposit watcher's chain and token) and a payout hot wallet funded with that
 * token and with gas, plus the server settings that turn both on. The hot wallet key is a fresh
 * test key made for the run; the server gets it in PAYOUT_BEP20_PRIVATE_KEY.
 *
 *   const payout = await startPayoutChain({ hotWalletUsdt: 1_000n });
 *   const server = await startServer({ JOBS: 'on', ...payout.env });
 *   ...
 *   await server.stop();
 *   await payout.close();
 *
 * or both at once with startServerWithPayoutChain().
 */
import { parseAbi, type Hex } from 'viem';
import { startLocalChain, type LocalChain } from '../../apps/server/test/chain-token.ts';
import { fundHotWallet, type FundedHotWallet } from '../../apps/server/test/hot-wallet-funding.ts';
import { testXpubs } from '../../apps/server/test/chain-test-keys.ts';
import { startServer, type RunningServer } from './server';

const balanceAbi = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

export interface PayoutChain {
  chain: LocalChain;
  /** The USDT contract (BEP20 settings' CHAIN_BEP20_TOKEN). */
  token: Hex;
  /** 10^18: one USDT in token units. */
  tokenUnit: bigint;
  hotWallet: FundedHotWallet;
  /** Server settings: the BEP20 chain (RPC, token, xpub, confirmations) and the hot wallet key. */
  env: Record<string, string>;
  /** A USDT balance on chain, in token units (10^18 per USDT). */
  tokenBalance(address: Hex): Promise<bigint>;
  /** Mines `blocks` empty blocks (confirmations for the payout job and the watcher). */
  mine(blocks: number): Promise<void>;
  close(): Promise<void>;
}

export async function startPayoutChain(
  options: { hotWalletUsdt?: bigint; gasWei?: bigint; confirmations?: number; senderUsdt?: bigint } = {},
): Promise<PayoutChain> {
  const chain = await startLocalChain(0);
  try {
    const tokenUnit = 10n ** 18n;
    const token = await chain.deployToken(18);
    // The node's sender keeps some USDT too, for deposits and for "staff paid by hand" transfers.
    await chain.send(token, 'mint', [chain.accounts[0], (options.senderUsdt ?? 1_000_000n) * tokenUnit]);
    const hotWallet = await fundHotWallet(chain, token, (options.hotWalletUsdt ?? 10_000n) * tokenUnit, { gasWei: options.gasWei });
    const confirmations = String(options.confirmations ?? 3);
    return {
      chain,
      token,
      tokenUnit,
      hotWallet,
      env: {
        CHAIN_BEP20_RPC_URL: chain.url,
        CHAIN_BEP20_TOKEN: token,
        CHAIN_BEP20_XPUB: testXpubs().BEP20,
        CHAIN_BEP20_CONFIRMATIONS: confirmations,
        CHAIN_BEP20_START_BLOCK: '0',
        PAYOUT_BEP20_PRIVATE_KEY: hotWallet.privateKey,
      },
      tokenBalance: (address) => chain.publicClient.readContract({ address: token, abi: balanceAbi, functionName: 'balanceOf', args: [address] }),
      mine: (blocks) => chain.mine(blocks),
      close: () => chain.close(),
    };
  } catch (error) {
    await chain.close();
    throw error;
  }
}

/**
 * The e2e server with the payout chain and a funded hot wallet: jobs on (the payout job runs every
 * 15 seconds, the deposit watcher every 10). `stop()` ends the server, then the chain.
 */
export async function startServerWithPayoutChain(
  options: Parameters<typeof startPayoutChain>[0] = {},
  extraEnv: Record<string, string> = {},
): Promise<{ server: RunningServer; payout: PayoutChain; stop(): Promise<void> }> {
  const payout = await startPayoutChain(options);
  let server: RunningServer;
  try {
    server = await startServer({ JOBS: 'on', ...payout.env, ...extraEnv });
  } catch (error) {
    await payout.close();
    throw error;
  }
  return {
    server,
    payout,
    async stop() {
      await server.stop();
      await payout.close();
    },
  };
}
