// The local test node's transport (test/chain-token.ts) asks again when ganache answers a receipt
// read with its own transient error, and only then: a CI run once failed on that error.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublicClient } from 'viem';
import { ganacheHttp } from '../../../../test/chain-token.ts';

const raceMessage = "Cannot read properties of undefined (reading 'toJSON')";
let server: http.Server | undefined;

/** A JSON-RPC server that fails the first `failures` calls with `message`, then answers null. */
async function rpcServer(failures: number, message: string): Promise<{ url: string; calls: string[] }> {
  const calls: string[] = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      calls.push(method);
      const answer = calls.length <= failures ? { jsonrpc: '2.0', id, error: { code: -32700, message } } : { jsonrpc: '2.0', id, result: null };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const hash = `0x${'ab'.repeat(32)}` as const;

describe('ganacheHttp', () => {
  it("asks again when a receipt read meets ganache's transient error", async () => {
    const node = await rpcServer(2, raceMessage);
    const client = createPublicClient({ transport: ganacheHttp(node.url) });
    expect(await client.request({ method: 'eth_getTransactionReceipt', params: [hash] })).toBeNull();
    expect(node.calls).toEqual(['eth_getTransactionReceipt', 'eth_getTransactionReceipt', 'eth_getTransactionReceipt']);
  });

  it('passes any other error on at once, and gives up on the race after five tries', async () => {
    const other = await rpcServer(1, 'nonce too low');
    const client = createPublicClient({ transport: ganacheHttp(other.url) });
    await expect(client.request({ method: 'eth_getTransactionReceipt', params: [hash] })).rejects.toThrow(/nonce too low/);
    expect(other.calls).toHaveLength(1);
    await new Promise((resolve) => server?.close(resolve));

    const stuck = await rpcServer(100, raceMessage);
    const stuckClient = createPublicClient({ transport: ganacheHttp(stuck.url) });
    await expect(stuckClient.request({ method: 'eth_getTransactionReceipt', params: [hash] })).rejects.toThrow(/toJSON/);
    expect(stuck.calls).toHaveLength(5);
  });
});
