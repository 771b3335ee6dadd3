// The watcher's own decoding of eth_getLogs answers (decision 045): the same Transfer as viem's
// strict decodeEventLog gives, and nothing for a log that is not exactly a Transfer of the token.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeEventLog, type Hex } from 'viem';
import { decodeTransferLog, transferEvent, transferTopic, type RawLog } from './rpc.ts';

const token = `0x${'ab'.repeat(20)}` as const;
const hex = (bytes: number) => `0x${crypto.randomBytes(bytes).toString('hex')}`;
const topicOf = (address: string) => `0x${'0'.repeat(24)}${address.slice(2)}`;

function rawLog(value: bigint, overrides: Partial<RawLog> = {}): RawLog {
  return {
    address: token,
    blockNumber: '0x1b4',
    blockHash: hex(32),
    transactionHash: hex(32),
    logIndex: '0x7',
    topics: [transferTopic, topicOf(hex(20)), topicOf(hex(20))],
    data: `0x${value.toString(16).padStart(64, '0')}`,
    removed: false,
    ...overrides,
  };
}

describe('decodeTransferLog', () => {
  it('gives what viem decodes, addresses in lower case', () => {
    for (const value of [0n, 1n, 100n * 10n ** 18n, 2n ** 256n - 1n]) {
      const raw = rawLog(value, { topics: [transferTopic, topicOf('0x' + 'Ab'.repeat(20)), topicOf(hex(20))] });
      const viem = decodeEventLog({ abi: [transferEvent], data: raw.data as Hex, topics: raw.topics as [Hex, Hex, Hex], strict: true });
      expect(decodeTransferLog(raw, token)).toEqual({
        blockNumber: 436n,
        blockHash: raw.blockHash,
        txHash: raw.transactionHash,
        logIndex: 7,
        from: viem.args.from.toLowerCase(),
        to: viem.args.to.toLowerCase(),
        value: viem.args.value,
      });
    }
    expect(decodeTransferLog(rawLog(1n, { address: token.toUpperCase().replace('0X', '0x') }), token)).not.toBeNull();
  });

  it('refuses a log that is not exactly a Transfer of the token', () => {
    const good = rawLog(5n);
    const refused: Array<Partial<RawLog>> = [
      { address: `0x${'cd'.repeat(20)}` },
      { removed: true },
      { blockHash: null },
      { transactionHash: null },
      { blockNumber: null },
      { logIndex: null },
      // An ERC-721 Transfer: the same selector, the token id as a third topic, no data.
      { topics: [...good.topics, topicOf(hex(20))], data: '0x' },
      { topics: good.topics.slice(0, 2) },
      { topics: [hex(32), good.topics[1]!, good.topics[2]!] },
      { topics: [transferTopic, `0x01${'0'.repeat(22)}${hex(20).slice(2)}`, good.topics[2]!] },
      { topics: [transferTopic, good.topics[1]!, hex(20)] },
      { data: '0x' },
      { data: `${good.data}00` },
    ];
    for (const overrides of refused) expect(decodeTransferLog({ ...good, ...overrides }, token)).toBeNull();
  });
});
