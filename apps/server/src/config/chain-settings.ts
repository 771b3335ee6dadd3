/**
 * The chain settings, read from the environment with the rest of the server's settings
 * (config.ts), below the modules that use them (the chain watcher, the payouts). A chain is on
 * when its RPC URL, token contract and extended public key are all set; the key is checked in
 * full here, so a bad key stops the server at start (decision 017).
 * Every number has a ceiling. A refused setting is a ConfigError naming its variable: main.ts
 * prints it as one line and exits 1.
 */
import type { HDKey } from '@scure/bip32';
import { getAddress, isAddress, toHex } from 'viem';
import { ConfigError } from '../config-error.ts';
import { chainNames, ExtendedKeyError, keyFingerprint, parseAccountXpub, tronToId20, type ChainName } from './chain-keys.ts';

export interface ChainSettings {
  chain: ChainName;
  rpcUrl: string;
  /** The token contract as JSON-RPC sees it: lower-case 0x hex of 20 bytes (TRON: without the 41). */
  tokenMatchKey: `0x${string}`;
  /** The contract as the chain's users write it (EIP-55, or TRON base58check). */
  tokenAddress: string;
  tokenDecimals: number;
  /** A log counts once its block has this many confirmations (the block itself is the first). */
  confirmations: number;
  /** First block to read when the chain has no cursor yet; -1 means the head at the first run. */
  startBlock: number;
  /** Most blocks one eth_getLogs asks for (providers refuse wide ranges). */
  logRangeBlocksMax: number;
  /** Most blocks one run reads, so a run that catches up ends and reports. */
  runBlocksMax: number;
  /** Explorer base URL, e.g. https://bscscan.com; links are built per chain. */
  explorerUrl: string;
  /** The external-chain node of the operator's account key (public only). */
  external: HDKey;
  keyFingerprint: string;
  rpcTimeoutMs: number;
}

export const chainLimits = {
  confirmationsMax: 1_000,
  logRangeBlocksMax: 100_000,
  runBlocksMax: 1_000_000,
  tokenDecimalsMax: 36,
  rpcTimeoutMsMax: 120_000,
} as const;

const defaults: Record<ChainName, { decimals: number; confirmations: number; explorer: string }> = {
  // BSC's USDT has 18 decimals; a BSC block is final for practical purposes after 15.
  BEP20: { decimals: 18, confirmations: 15, explorer: 'https://bscscan.com' },
  // TRON's USDT has 6 decimals; TRON solidifies a block after 19 more.
  TRC20: { decimals: 6, confirmations: 20, explorer: 'https://tronscan.org' },
};

function bounded(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(name, `must be an integer from ${min} to ${max}`);
  return n;
}

function tokenOf(chain: ChainName, text: string): { matchKey: `0x${string}`; address: string } {
  if (chain === 'BEP20') {
    if (!isAddress(text, { strict: false })) throw new ConfigError('CHAIN_BEP20_TOKEN', 'not an address (0x and 40 hex digits)');
    return { matchKey: text.toLowerCase() as `0x${string}`, address: getAddress(text) };
  }
  const id20 = tronToId20(text);
  if (!id20) throw new ConfigError('CHAIN_TRC20_TOKEN', 'not a TRON address (T... base58check, or 41 and 40 hex digits)');
  return { matchKey: toHex(id20), address: text };
}

/** The account key of a chain, or a ConfigError naming the variable and the reason (never the key). */
function accountKeyOf(variable: string, text: string): HDKey {
  try {
    return parseAccountXpub(text);
  } catch (error) {
    if (error instanceof ExtendedKeyError) throw new ConfigError(variable, `${error.explanation} [${error.reason}]`);
    throw error;
  }
}

/** The configured chains; a chain with no RPC URL is off. */
export function loadChainSettings(env: NodeJS.ProcessEnv): ChainSettings[] {
  const out: ChainSettings[] = [];
  for (const chain of chainNames) {
    const v = (key: string) => env[`CHAIN_${chain}_${key}`];
    const rpcUrl = v('RPC_URL') ?? '';
    if (rpcUrl === '') continue;
    if (!/^https?:\/\//.test(rpcUrl)) throw new ConfigError(`CHAIN_${chain}_RPC_URL`, 'must be an http(s) URL');
    const xpub = v('XPUB') ?? '';
    const tokenText = v('TOKEN') ?? '';
    if (xpub === '') throw new ConfigError(`CHAIN_${chain}_XPUB`, `missing: it is needed with CHAIN_${chain}_RPC_URL`);
    if (tokenText === '') throw new ConfigError(`CHAIN_${chain}_TOKEN`, `missing: it is needed with CHAIN_${chain}_RPC_URL`);
    const external = accountKeyOf(`CHAIN_${chain}_XPUB`, xpub);
    const token = tokenOf(chain, tokenText);
    const explorerUrl = (v('EXPLORER_URL') ?? defaults[chain].explorer).replace(/\/+$/, '');
    if (!/^https?:\/\//.test(explorerUrl)) throw new ConfigError(`CHAIN_${chain}_EXPLORER_URL`, 'must be an http(s) URL');
    out.push({
      chain,
      rpcUrl,
      tokenMatchKey: token.matchKey,
      tokenAddress: token.address,
      tokenDecimals: bounded(v('TOKEN_DECIMALS'), defaults[chain].decimals, 0, chainLimits.tokenDecimalsMax, `CHAIN_${chain}_TOKEN_DECIMALS`),
      confirmations: bounded(v('CONFIRMATIONS'), defaults[chain].confirmations, 1, chainLimits.confirmationsMax, `CHAIN_${chain}_CONFIRMATIONS`),
      startBlock: bounded(v('START_BLOCK'), -1, -1, Number.MAX_SAFE_INTEGER, `CHAIN_${chain}_START_BLOCK`),
      logRangeBlocksMax: bounded(v('LOG_RANGE_BLOCKS_MAX'), 1_000, 1, chainLimits.logRangeBlocksMax, `CHAIN_${chain}_LOG_RANGE_BLOCKS_MAX`),
      runBlocksMax: bounded(v('RUN_BLOCKS_MAX'), 50_000, 1, chainLimits.runBlocksMax, `CHAIN_${chain}_RUN_BLOCKS_MAX`),
      explorerUrl,
      external,
      keyFingerprint: keyFingerprint(external),
      rpcTimeoutMs: bounded(v('RPC_TIMEOUT_MS'), 20_000, 1_000, chainLimits.rpcTimeoutMsMax, `CHAIN_${chain}_RPC_TIMEOUT_MS`),
    });
  }
  return out;
}
