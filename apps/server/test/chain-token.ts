/**
 * The test ERC-20 (test/fixtures/TestToken.sol) compiled with solc, and a local EVM node
 * (ganache, in-process, on a random loopback port) with viem clients. The compiled artifact is
 * committed (test/fixtures/test-token.json) so tests do not compile on every run;
 * chain-token.test.ts compiles again and compares.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  http,
  type Hex,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const fixtures = path.join(import.meta.dirname, 'fixtures');
export const tokenSourcePath = path.join(fixtures, 'TestToken.sol');
export const tokenArtifactPath = path.join(fixtures, 'test-token.json');
export const solcSettings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'paris',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

export interface TokenArtifact {
  compiler: string;
  abi: unknown[];
  bytecode: Hex;
}

/** Compiles TestToken.sol with the installed solc (slow: seconds). */
export async function compileToken(): Promise<TokenArtifact> {
  const solc = (await import('solc')).default as { compile(input: string): string; version(): string };
  const input = { language: 'Solidity', sources: { 'TestToken.sol': { content: fs.readFileSync(tokenSourcePath, 'utf8') } }, settings: solcSettings };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestToken.sol']!['TestToken']!;
  return { compiler: solc.version(), abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

export function tokenArtifact(): TokenArtifact {
  return JSON.parse(fs.readFileSync(tokenArtifactPath, 'utf8')) as TokenArtifact;
}

export interface LocalChain {
  url: string;
  publicClient: PublicClient;
  wallet: WalletClient;
  testClient: TestClient;
  accounts: Hex[];
  close(): Promise<void>;
  /** Deploys a TestToken and returns its address. */
  deployToken(decimals: number, symbol?: string): Promise<Hex>;
  /** Sends a token call from accounts[0] and waits for its receipt (one block each: instamine). */
  send(token: Hex, functionName: 'mint' | 'transfer' | 'batchTransfer', args: readonly unknown[]): Promise<Hex>;
  /** Signs a token call without sending it: the same bytes can be sent again after a reorg. */
  sign(token: Hex, functionName: 'mint' | 'transfer' | 'batchTransfer', args: readonly unknown[]): Promise<Hex>;
  sendRaw(serialized: Hex): Promise<Hex>;
  mine(blocks: number): Promise<void>;
  head(): Promise<bigint>;
}

/**
 * Ganache 7 can answer eth_getTransactionReceipt for a transaction in the block it is still saving
 * with an error of its own (-32700, "Cannot read properties of undefined (reading 'toJSON')"),
 * seen about once in a few hundred CI runs of the payout tests. viem retries only its known
 * transient codes, so this HTTP transport asks again, for that read and that error only, a few
 * times a few milliseconds apart; anything else fails as before.
 */
function isReceiptRace(method: string, error: unknown): boolean {
  return method === 'eth_getTransactionReceipt' && String((error as { details?: unknown }).details ?? '').includes("reading 'toJSON'");
}

export function ganacheHttp(url: string): Transport {
  const inner = http(url);
  return (config) => {
    const transport = inner(config);
    const request: typeof transport.request = async (args, options) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await transport.request(args, options);
        } catch (error) {
          if (attempt >= 5 || !isReceiptRace(args.method, error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
        }
      }
    };
    return { ...transport, request };
  };
}

/** The funded sender of the local node: a fixed test key, never used anywhere else. */
const senderKey = '0x8f2a55949038a9610f50fb23b5883af3b4ecb3c3bb792cbcefbd1542c692be63' as const;
const sender = privateKeyToAccount(senderKey);

/** Starts ganache on 127.0.0.1 (a random port unless given); every transaction is mined at once into its own block. */
export async function startLocalChain(port = 0): Promise<LocalChain> {
  const ganache = (await import('ganache')).default;
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: 1337 },
    wallet: { accounts: [{ secretKey: senderKey, balance: '0x56bc75e2d63100000' }] },
    miner: { instamine: 'strict' },
  });
  await server.listen(port, '127.0.0.1');
  const address = server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const publicClient = createPublicClient({ transport: ganacheHttp(url) }) as PublicClient;
  const wallet = createWalletClient({ transport: ganacheHttp(url) });
  const testClient = createTestClient({ mode: 'ganache', transport: ganacheHttp(url) });
  const accounts = [sender.address] as Hex[];
  const artifact = tokenArtifact();
  const chain = { id: 1337, name: 'local', nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } } as const;
  // A CI run's setup once timed out at 60 s waiting on this node, and a later run credited a deposit
  // one block early: viem's waitForTransactionReceipt fetches the receipt once per new block, so
  // when it read the block number while ganache was still saving that block (receipt not there
  // yet), it waited for a next block that instamine never makes, and the old nudge then mined one
  // block too many. This wait polls the receipt itself and mines a block only if, after 15 s, the
  // transaction is truly still in the pool: the chain's height stays what the test made it.
  const receiptOf = (hash: Hex) =>
    publicClient.getTransactionReceipt({ hash }).catch((error: Error) => {
      if (error.name === 'TransactionReceiptNotFoundError') return null;
      throw error;
    });
  const waitFor = async (hash: Hex, what: string) => {
    const started = Date.now();
    let nudged = false;
    for (;;) {
      const receipt = await receiptOf(hash);
      if (receipt) {
        if (receipt.status !== 'success') throw new Error(`${what} reverted`);
        return receipt;
      }
      const waited = Date.now() - started;
      if (!nudged && waited > 15_000) {
        nudged = true;
        const pending = await publicClient.getTransaction({ hash }).catch(() => null);
        if (pending && pending.blockNumber === null) await testClient.mine({ blocks: 1 });
      }
      if (waited > 30_000) throw new Error(`local chain: no receipt for ${what} (${hash}) after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    url,
    publicClient,
    wallet,
    testClient,
    accounts,
    close: () => server.close(),
    async deployToken(decimals, symbol = 'USDT') {
      const hash = await wallet.deployContract({
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args: ['Tether USD', symbol, decimals],
        account: sender,
        chain,
      });
      return (await waitFor(hash, 'deploy')).contractAddress!;
    },
    async send(token, functionName, args) {
      const hash = await wallet.writeContract({ address: token, abi: artifact.abi, functionName, args, account: sender, chain });
      await waitFor(hash, functionName);
      return hash;
    },
    async sign(token, functionName, args) {
      const request = await wallet.prepareTransactionRequest({
        to: token,
        data: encodeFunctionData({ abi: artifact.abi, functionName, args }),
        account: sender,
        chain,
      });
      return wallet.signTransaction({ ...request, account: sender, chain } as Parameters<typeof wallet.signTransaction>[0]);
    },
    async sendRaw(serialized) {
      const hash = await wallet.sendRawTransaction({ serializedTransaction: serialized });
      await waitFor(hash, 'raw transaction');
      return hash;
    },
    async mine(blocks) {
      await testClient.mine({ blocks });
    },
    head: () => publicClient.getBlockNumber({ cacheTime: 0 }),
  };
}
