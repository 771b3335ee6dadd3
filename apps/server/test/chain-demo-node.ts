/**
 * A local chain for trying deposits by hand: starts ganache on 127.0.0.1 (CHAIN_DEMO_PORT, default
 * 8545), deploys a BEP20-style token (18 decimals) and a TRC20-style one (6 decimals), and prints
 * the settings to start the server with (test keys from a public seed: local use only).
 * `node --import tsx apps/server/test/chain-demo-node.ts`; then type lines on its input to send
 * USDT to a deposit address or to mine blocks. With CHAIN_DEMO_HOT_WALLET=<USDT> it also funds a
 * payout hot wallet and prints PAYOUT_BEP20_PRIVATE_KEY for it.
 */
import readline from 'node:readline';
import type { Hex } from 'viem';
import { startLocalChain } from './chain-token.ts';
import { tronAddress, tronToId20 } from '../src/modules/payments/chain/derivation.ts';
import { testXpubs } from './chain-test-keys.ts';
import { fundHotWallet } from './hot-wallet-funding.ts';

const node = await startLocalChain(Number(process.env.CHAIN_DEMO_PORT ?? 8545));
const bep = await node.deployToken(18);
const trc = await node.deployToken(6);
await node.send(bep, 'mint', [node.accounts[0], 1_000_000n * 10n ** 18n]);
await node.send(trc, 'mint', [node.accounts[0], 1_000_000n * 10n ** 6n]);
const xpubs = testXpubs();
console.log(
  `CHAIN_BEP20_RPC_URL=${node.url} CHAIN_BEP20_TOKEN=${bep} CHAIN_BEP20_XPUB=${xpubs.BEP20} CHAIN_BEP20_CONFIRMATIONS=3 CHAIN_BEP20_START_BLOCK=0 \\`,
);
// CHAIN_DEMO_HOT_WALLET=<USDT> also funds a fresh payout hot wallet (decision 019) with that much
// USDT and 1 coin of gas, and prints its key for PAYOUT_BEP20_PRIVATE_KEY (a local test key only).
const hotWalletUsdt = BigInt(process.env.CHAIN_DEMO_HOT_WALLET || '0');
const hot = hotWalletUsdt > 0n ? await fundHotWallet(node, bep, hotWalletUsdt * 10n ** 18n) : null;
console.log(
  `CHAIN_TRC20_RPC_URL=${node.url} CHAIN_TRC20_TOKEN=${tronAddress(Buffer.from(trc.slice(2), 'hex'))} CHAIN_TRC20_XPUB=${xpubs.TRC20} CHAIN_TRC20_CONFIRMATIONS=3 CHAIN_TRC20_START_BLOCK=0${hot ? ' \\' : ''}`,
);
if (hot) console.log(`PAYOUT_BEP20_PRIVATE_KEY=${hot.privateKey}  # hot wallet ${hot.address}: ${hotWalletUsdt} USDT`);
console.log('Type "<address> <USDT>" to send (0x… on BEP20, T… on TRC20), "mine <n>" to mine blocks, Ctrl-C to stop.');

const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  const [what = '', amount = '0'] = line.trim().split(/\s+/);
  const work = async () => {
    if (what === 'mine') return node.mine(Number(amount));
    const tron = tronToId20(what);
    const to = tron ? (`0x${Buffer.from(tron).toString('hex')}` as Hex) : (what as Hex);
    const points = BigInt(amount);
    const hash = await node.send(tron ? trc : bep, 'transfer', [to, tron ? points * 10n ** 6n : points * 10n ** 18n]);
    console.log(`sent ${amount} USDT: ${hash}`);
  };
  work().catch((error: unknown) => console.error(String(error)));
});
process.once('SIGINT', () => {
  input.close();
  void node.close().then(() => process.exit(0));
});
