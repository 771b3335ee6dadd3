/**
 * What the watcher needs from a chain, over JSON-RPC with viem. TRON's Ethereum-compatible
 * JSON-RPC answers the same calls with the same shapes (addresses as 20-byte 0x hex, without
 * TRON's 0x41 prefix), so both chains use this one code path.
 */
import { createPublicClient, http, parseAbiItem, type PublicClient } from 'viem';

export const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

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
      const logs = await client.getLogs({ address: token, event: transferEvent, fromBlock: from, toBlock: to, strict: true });
      return logs
        .filter((l) => !l.removed && l.blockHash !== null && l.transactionHash !== null)
        .map((l) => ({
          blockNumber: l.blockNumber,
          blockHash: l.blockHash,
          txHash: l.transactionHash,
          logIndex: l.logIndex,
          from: l.args.from.toLowerCase() as `0x${string}`,
          to: l.args.to.toLowerCase() as `0x${string}`,
          value: l.args.value,
        }));
    },
  };
}
