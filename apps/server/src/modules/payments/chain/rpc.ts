/**
 * What the watcher needs from a chain, over JSON-RPC with viem. TRON's Ethereum-compatible
 * JSON-RPC answers the same calls with the same shapes (addresses as 20-byte 0x hex, without
 * TRON's 0x41 prefix), so both chains use this one code path.
 */
import { createPublicClient, http, numberToHex, parseAbiItem, toEventSelector, type PublicClient } from 'viem';

export const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** topic0 of every ERC-20 (and TRC-20) Transfer log. */
export const transferTopic = toEventSelector(transferEvent);

/** A log as eth_getLogs answers it (hex quantities). */
export interface RawLog {
  address: string;
  blockNumber: string | null;
  blockHash: string | null;
  transactionHash: string | null;
  logIndex: string | null;
  topics: string[];
  data: string;
  removed?: boolean;
}

/** An indexed address topic: 12 zero bytes, then the 20 bytes of the address. */
const addressTopic = /^0x0{24}[0-9a-fA-F]{40}$/;
/** The data of a Transfer log: one uint256. */
const uint256Data = /^0x[0-9a-fA-F]{64}$/;

/**
 * A raw log as a Transfer of the token, or null when it is not one exactly: strict as viem's
 * decodeEventLog({ strict: true }) (three topics, the Transfer selector, 32 bytes of data), and
 * also refusing an address topic whose upper 12 bytes are not zero (no EVM emits one) or a log
 * still pending, marked removed or of another contract than `token` (lower-case). Written by hand for the Transfer event alone: viem's generic
 * decoding of 10,000 logs cost about 650 ms of CPU, more than the node took to answer them
 * (docs/decisions/045-ledger-checkpoint-and-batched-chain-credits.md, 2026-11-28).
 */
export function decodeTransferLog(log: RawLog, token: `0x${string}`): TransferLog | null {
  if (
    log.address?.toLowerCase() !== token ||
    log.removed ||
    log.blockHash === null ||
    log.transactionHash === null ||
    log.blockNumber === null ||
    log.logIndex === null
  )
    return null;
  const [selector, from, to] = log.topics;
  if (log.topics.length !== 3 || selector?.toLowerCase() !== transferTopic || !from || !to) return null;
  if (!addressTopic.test(from) || !addressTopic.test(to) || !uint256Data.test(log.data)) return null;
  return {
    blockNumber: BigInt(log.blockNumber),
    blockHash: log.blockHash,
    txHash: log.transactionHash,
    logIndex: Number(log.logIndex),
    from: `0x${from.slice(26).toLowerCase()}`,
    to: `0x${to.slice(26).toLowerCase()}`,
    value: BigInt(log.data),
  };
}

export interface TransferLog {
  blockNumber: bigint;
  blockHash: string;
  txHash: string;
  logIndex: number;
  /** 20-byte lower-case 0x hex. */
  from: `0x${string}`;
  to: `0x${string}`;
  value: bigint;
}

export interface ChainRpc {
  headBlock(): Promise<bigint>;
  /** The hash of block `n` on the node's current chain; null when the chain is shorter. */
  blockHash(n: bigint): Promise<string | null>;
  /** The token contract's Transfer logs in [from, to], without logs the node marks removed. */
  transferLogs(token: `0x${string}`, from: bigint, to: bigint): Promise<TransferLog[]>;
}

export function viemRpc(url: string, timeoutMs: number): ChainRpc {
  const client: PublicClient = createPublicClient({ transport: http(url, { timeout: timeoutMs, retryCount: 2 }) });
  return {
    headBlock: () => client.getBlockNumber({ cacheTime: 0 }),
    async blockHash(n) {
      try {
        const block = await client.getBlock({ blockNumber: n });
        return block.hash;
      } catch (error) {
        // A block past the head is "not found": the chain is shorter than that now.
        if ((error as { name?: string }).name === 'BlockNotFoundError') return null;
        throw error;
      }
    },
    async transferLogs(token, from, to) {
      // The same request viem's getLogs({ event: transferEvent }) sends; the answer decoded here.
      const logs = (await client.request({
        method: 'eth_getLogs',
        params: [{ address: token, topics: [transferTopic], fromBlock: numberToHex(from), toBlock: numberToHex(to) }],
      })) as unknown as RawLog[];
      const out: TransferLog[] = [];
      for (const raw of logs) {
        const log = decodeTransferLog(raw, token);
        if (log) out.push(log);
      }
      return out;
    },
  };
}
