/**
 * A payout hot wallet on the local test node (decision 019): a fresh private key, funded with
 * tokens (minted to it) and with the node's coin for gas, for the payout integration tests, the
 * demo node and the e2e server (PAYOUT_BEP20_PRIVATE_KEY). Local test use only.
 */
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { LocalChain } from './chain-token.ts';

export interface FundedHotWallet {
  privateKey: Hex;
  address: Hex;
}

/** Sends `wei` of the node's coin from the funded sender (an account the node unlocks) and waits for it. */
export async function sendGas(chain: LocalChain, to: Hex, wei: bigint): Promise<Hex> {
  const nodeChain = {
    id: 1337,
    name: 'local',
    nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.url] } },
  } as const;
  const hash = await chain.wallet.sendTransaction({ account: chain.accounts[0]!, to, value: wei, chain: nodeChain });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.status !== 'success') throw new Error('gas transfer reverted');
  return hash;
}

/**
 * A new hot wallet holding `tokenUnits` (the token's smallest units) of `token` and `gasWei` of
 * gas (default 1 coin). Pass `privateKey` to fund a known key instead of a new one.
 */
export async function fundHotWallet(
  chain: LocalChain,
  token: Hex,
  tokenUnits: bigint,
  options: { gasWei?: bigint; privateKey?: Hex } = {},
): Promise<FundedHotWallet> {
  const privateKey = options.privateKey ?? generatePrivateKey();
  const address = privateKeyToAccount(privateKey).address;
  if (tokenUnits > 0n) await chain.send(token, 'mint', [address, tokenUnits]);
  await sendGas(chain, address, options.gasWei ?? 10n ** 18n);
  return { privateKey, address };
}
