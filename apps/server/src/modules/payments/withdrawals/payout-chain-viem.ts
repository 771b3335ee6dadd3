/**
 * The payout chain interfaces (payout-chain.ts) over JSON-RPC with viem (decision 019): the check
 * of a payout transaction (BEP20, and TRON through its Ethereum-compatible JSON-RPC, where
 * addresses are the 20-byte ids without TRON's 0x41) and the BEP20 hot wallet's send path.
 *
 * Amounts: the platform keeps scale 6; the token's own decimals come from the chain settings
 * (18 for BSC's USDT, 6 for TRON's). A token with fewer than 6 decimals cannot carry every
 * platform amount: an amount with digits below the token's smallest unit is refused (never
 * rounded), so the member receives exactly what the order says or nothing is sent.
 */
import { createPublicClient, decodeEventLog, encodeFunctionData, getAddress, http, isAddress, keccak256, parseAbi, toHex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { pointsScale, rescale } from '@pp/contract';
import { tronToId20 } from '../chain/index.ts';
import { transferEvent } from '../chain/index.ts';
import type { ChainSettings } from '../chain/index.ts';
import type { HotWallet, PayoutChainReader, TransferCheck } from './payout-chain.ts';

const erc20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)', 'function balanceOf(address owner) view returns (uint256)']);

/** `amountMinor` (scale 6) in the token's smallest units; null when the token cannot carry it exactly. */
export function scaleToToken(amountMinor: bigint, decimals: number): bigint | null {
  if (decimals >= pointsScale) return rescale(amountMinor, pointsScale, decimals, 'down');
  const step = 10n ** BigInt(pointsScale - decimals);
  return amountMinor % step === 0n ? amountMinor / step : null;
}

/** A token amount in the platform's minor units (scale 6), truncated (for balances shown to staff). */
export function scaleFromToken(value: bigint, decimals: number): bigint {
  return rescale(value, decimals, pointsScale, 'down');
}

/**
 * The 20-byte id of a recipient as Transfer logs carry it (lower-case 0x hex): EIP-55 (or any
 * case) 0x address on BEP20, base58check T... (or 41-hex) on TRC20; null when it is not one.
 */
export function recipientKey(chain: ChainSettings['chain'], address: string): `0x${string}` | null {
  if (chain === 'BEP20') return isAddress(address, { strict: false }) ? (address.toLowerCase() as `0x${string}`) : null;
  const id20 = tronToId20(address);
  return id20 ? toHex(id20) : null;
}

function client(settings: ChainSettings): PublicClient {
  return createPublicClient({ transport: http(settings.rpcUrl, { timeout: settings.rpcTimeoutMs, retryCount: 2 }) });
}

/** viem's error for a missing receipt (the transaction is unknown, or still waiting in the pool). */
function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'TransactionReceiptNotFoundError' || name === 'TransactionNotFoundError';
}

export function viemPayoutReader(settings: ChainSettings): PayoutChainReader {
  const rpc = client(settings);
  return {
    chain: settings.chain,
    async checkTransfer(txHash, to, amountMinor, confirmations, notBeforeMs): Promise<TransferCheck> {
      let receipt;
      try {
        receipt = await rpc.getTransactionReceipt({ hash: txHash });
      } catch (error) {
        // No receipt: unknown, or in the pool but not mined yet (both: not paid yet).
        if (isNotFound(error)) return { ok: false, reason: 'notFound' };
        throw error;
      }
      const head = await rpc.getBlockNumber({ cacheTime: 0 });
      const have = Number(head - receipt.blockNumber + 1n);
      // A reverted transaction reports its depth too: the hot-wallet job treats a revert as final
      // only once it is as deep as a success would have to be (a reorg could still change it).
      if (receipt.status !== 'success') return { ok: false, reason: 'reverted', confirmations: Math.max(0, have), need: confirmations };
      if (have < confirmations) return { ok: false, reason: 'unconfirmed', confirmations: Math.max(0, have), need: confirmations };
      const wantTo = recipientKey(settings.chain, to);
      const wantValue = scaleToToken(amountMinor, settings.tokenDecimals);
      if (wantTo === null || wantValue === null) return { ok: false, reason: 'mismatch' };
      // Any one Transfer log of the configured token to the order's address for exactly the
      // amount pays it; other logs in the same transaction (a batch) do not matter.
      const matches = receipt.logs.some((log) => {
        if (log.address.toLowerCase() !== settings.tokenMatchKey) return false;
        try {
          const decoded = decodeEventLog({ abi: [transferEvent], data: log.data, topics: log.topics, strict: true });
          return decoded.args.to.toLowerCase() === wantTo && decoded.args.value === wantValue;
        } catch {
          // Another event of the token (Approval) or a malformed log: not a transfer.
          return false;
        }
      });
      if (!matches) return { ok: false, reason: 'mismatch' };
      if (notBeforeMs !== undefined) {
        const block = await rpc.getBlock({ blockNumber: receipt.blockNumber });
        if (Number(block.timestamp) * 1000 < notBeforeMs) return { ok: false, reason: 'tooOld' };
      }
      return { ok: true, blockNumber: receipt.blockNumber, confirmations: have };
    },
  };
}

/**
 * Node answers meaning "this transaction (or its nonce) is already there": checked by hash before
 * believed. ganache with strict instamine answers "transaction can't be replaced, mining has
 * already started" when the same nonce arrives while its block is being mined (ganache#2509): the
 * same check tells our own transaction from another one with that nonce.
 */
const alreadySentPattern =
  /already known|already imported|known transaction|nonce too low|correct nonce|nonce has already been used|AlreadyKnown|mining has already started/i;

/**
 * The BEP20 hot wallet (decision 019). The key stays in this closure: never in the database,
 * never in a log line or an error message. Transactions are legacy (gas price) ones, which BSC
 * and every EVM node accept; the chain id is the node's, read once.
 */
export function viemHotWallet(settings: ChainSettings, privateKey: `0x${string}`): HotWallet {
  if (settings.chain !== 'BEP20') throw new Error('the hot wallet pays on BEP20 only');
  let account: ReturnType<typeof privateKeyToAccount>;
  try {
    account = privateKeyToAccount(privateKey);
  } catch {
    // viem's message could quote the input: say only that it is refused.
    throw new Error('the hot wallet private key is not a valid secp256k1 key');
  }
  const rpc = client(settings);
  const token = getAddress(settings.tokenAddress);
  let chainId: number | undefined;
  const knows = async (hash: `0x${string}`): Promise<boolean> => {
    try {
      await rpc.getTransaction({ hash });
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };
  return {
    chain: 'BEP20',
    address: account.address,
    async prepareTransfer(to, amountMinor) {
      if (!isAddress(to, { strict: false })) throw new Error('the payout address is not a BEP20 address');
      if (amountMinor <= 0n) throw new Error('the payout amount must be positive');
      const value = scaleToToken(amountMinor, settings.tokenDecimals);
      if (value === null) throw new Error(`the amount cannot be sent exactly with a token of ${settings.tokenDecimals} decimals`);
      chainId ??= await rpc.getChainId();
      const data = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [getAddress(to.toLowerCase()), value] });
      // The next nonce counts transactions still in the pool: the job sends only when none of its
      // own is outstanding, so this is the one after the last payout.
      const nonce = await rpc.getTransactionCount({ address: account.address, blockTag: 'pending' });
      // Estimation runs the transfer: a wallet without the tokens fails here, before any gas is spent.
      const gas = await rpc.estimateGas({ account: account.address, to: token, data, value: 0n });
      const gasPrice = await rpc.getGasPrice();
      const rawTx = await account.signTransaction({ type: 'legacy', chainId, nonce, to: token, data, value: 0n, gas: (gas * 12n) / 10n, gasPrice });
      return { rawTx, txHash: keccak256(rawTx), nonce };
    },
    async broadcast(rawTx) {
      // A transaction the node already has (in its pool or mined) is not sent again: some nodes
      // (ganache among them) would take the same bytes once more instead of saying "already known".
      const hash = keccak256(rawTx);
      if (await knows(hash)) return;
      try {
        await rpc.sendRawTransaction({ serializedTransaction: rawTx });
      } catch (error) {
        const text = `${(error as { shortMessage?: string }).shortMessage ?? ''} ${(error as { details?: string }).details ?? ''} ${(error as Error).message ?? ''}`;
        if (!alreadySentPattern.test(text)) throw error;
        // "Already known" or "nonce too low" is harmless only when it is this very transaction:
        // the node must have it (in the pool or mined). Another transaction with the same nonce is not.
        if (!(await knows(hash))) throw new Error('the node refused the payout transaction and does not have it: its nonce was used by another transaction');
      }
    },
    async balances() {
      const [tokenValue, gasWei] = await Promise.all([
        rpc.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [account.address] }),
        rpc.getBalance({ address: account.address }),
      ]);
      return { tokenMinor: scaleFromToken(tokenValue, settings.tokenDecimals), gasWei };
    },
  };
}
