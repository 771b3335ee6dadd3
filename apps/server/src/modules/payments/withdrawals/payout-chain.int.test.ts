// Proves the viem payout chain (decision 019) on a real local EVM node (ganache) with real ERC-20s:
// the check of a payout hash (right transfer, wrong token, recipient or amount, a batch with one
// matching log, unknown, unconfirmed, reverted), the TRON path over the same JSON-RPC with TRON
// addresses, and the hot wallet: signed bytes whose hash is known before sending, sent once even
// when broadcast again, balances, a transfer the wallet cannot cover refused before any gas is
// spent, and another transaction on the same nonce refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, parseAbi, type Hex } from 'viem';
import { startLocalChain, type LocalChain } from '../../../../test/chain-token.ts';
import { fundHotWallet } from '../../../../test/hot-wallet-funding.ts';
import { tronAddress } from '../chain/index.ts';
import { loadChainSettings, type ChainSettings } from '../chain/index.ts';
import { testXpubs } from '../../../../test/chain-test-keys.ts';
import { scaleFromToken, scaleToToken, viemHotWallet, viemPayoutReader } from './payout-chain-viem.ts';
import type { HotWallet, PayoutChainReader } from './payout-chain.ts';

const erc20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)', 'function balanceOf(address owner) view returns (uint256)']);
const e18 = 10n ** 12n; // minor units (scale 6) to an 18-decimal token's units
const tron = (hex: Hex) => tronAddress(Buffer.from(hex.slice(2), 'hex'));

describe('payout chain over JSON-RPC (viem)', () => {
  let node: LocalChain;
  let bepToken: Hex;
  let trcToken: Hex;
  let otherToken: Hex;
  let bep: ChainSettings;
  let trc: ChainSettings;
  let reader: PayoutChainReader;
  const recipient = '0x1111111111111111111111111111111111111111' as Hex;
  const other = '0x2222222222222222222222222222222222222222' as Hex;

  const balanceOf = (token: Hex, who: Hex) => node.publicClient.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [who] });

  beforeAll(async () => {
    node = await startLocalChain();
    bepToken = await node.deployToken(18);
    trcToken = await node.deployToken(6);
    otherToken = await node.deployToken(18, 'FAKE');
    await node.send(bepToken, 'mint', [node.accounts[0], 1_000_000n * 10n ** 18n]);
    await node.send(otherToken, 'mint', [node.accounts[0], 1_000_000n * 10n ** 18n]);
    await node.send(trcToken, 'mint', [node.accounts[0], 1_000_000n * 10n ** 6n]);
    const xpubs = testXpubs();
    const settings = loadChainSettings({
      CHAIN_BEP20_RPC_URL: node.url,
      CHAIN_BEP20_TOKEN: bepToken,
      CHAIN_BEP20_XPUB: xpubs.BEP20,
      CHAIN_TRC20_RPC_URL: node.url,
      CHAIN_TRC20_TOKEN: tron(trcToken),
      CHAIN_TRC20_XPUB: xpubs.TRC20,
      CHAIN_BEP20_RPC_TIMEOUT_MS: '5000',
      CHAIN_TRC20_RPC_TIMEOUT_MS: '5000',
    });
    bep = settings.find((s) => s.chain === 'BEP20')!;
    trc = settings.find((s) => s.chain === 'TRC20')!;
    reader = viemPayoutReader(bep);
  });
  afterAll(async () => {
    await node?.close();
  });

  it('scales platform amounts to the token and refuses what a small token cannot carry', () => {
    expect(scaleToToken(12_345_678n, 18)).toBe(12_345_678n * 10n ** 12n);
    expect(scaleToToken(12_345_678n, 6)).toBe(12_345_678n);
    expect(scaleToToken(12_340_000n, 2)).toBe(1_234n);
    expect(scaleToToken(12_345_678n, 2)).toBeNull();
    expect(scaleFromToken(12_345_678_999_999_999_999n, 18)).toBe(12_345_678n);
    expect(scaleFromToken(1_234n, 2)).toBe(12_340_000n);
  });

  it('accepts a confirmed transfer of the token to the address for exactly the amount', async () => {
    const hash = await node.send(bepToken, 'transfer', [recipient, 25_500_000n * e18]);
    await node.mine(2);
    // The address in any case: as a member saved it (EIP-55) or lower-case.
    expect(await reader.checkTransfer(hash, '0x1111111111111111111111111111111111111111', 25_500_000n, 3)).toMatchObject({ ok: true, confirmations: 3 });
    expect((await reader.checkTransfer(hash, recipient, 25_500_000n, 1)).ok).toBe(true);
  });

  it('refuses the wrong token, the wrong recipient and the wrong amount', async () => {
    const wrongToken = await node.send(otherToken, 'transfer', [recipient, 10n * 10n ** 18n]);
    const right = await node.send(bepToken, 'transfer', [recipient, 10n * 10n ** 18n]);
    expect(await reader.checkTransfer(wrongToken, recipient, 10_000_000n, 1)).toEqual({ ok: false, reason: 'mismatch' });
    expect(await reader.checkTransfer(right, other, 10_000_000n, 1)).toEqual({ ok: false, reason: 'mismatch' });
    expect(await reader.checkTransfer(right, recipient, 10_000_001n, 1)).toEqual({ ok: false, reason: 'mismatch' });
    expect(await reader.checkTransfer(right, recipient, 9_999_999n, 1)).toEqual({ ok: false, reason: 'mismatch' });
    expect((await reader.checkTransfer(right, recipient, 10_000_000n, 1)).ok).toBe(true);
  });

  it('refuses a transfer mined before the time the order was requested', async () => {
    const hash = await node.send(bepToken, 'transfer', [recipient, 4n * 10n ** 18n]);
    const hourMs = 3_600_000;
    expect(await reader.checkTransfer(hash, recipient, 4_000_000n, 1, Date.now() + hourMs)).toEqual({ ok: false, reason: 'tooOld' });
    expect((await reader.checkTransfer(hash, recipient, 4_000_000n, 1, Date.now() - hourMs)).ok).toBe(true);
  });

  it('accepts a batch whose one log matches', async () => {
    const hash = await node.send(bepToken, 'batchTransfer', [
      [other, recipient],
      [7n * 10n ** 18n, 3n * 10n ** 18n],
    ]);
    expect((await reader.checkTransfer(hash, recipient, 3_000_000n, 1)).ok).toBe(true);
    expect((await reader.checkTransfer(hash, other, 7_000_000n, 1)).ok).toBe(true);
    expect(await reader.checkTransfer(hash, recipient, 7_000_000n, 1)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('reports an unknown hash, too few confirmations and a reverted transaction', async () => {
    expect(await reader.checkTransfer(`0x${'ab'.repeat(32)}`, recipient, 1n, 1)).toEqual({ ok: false, reason: 'notFound' });
    const hash = await node.send(bepToken, 'transfer', [recipient, 5n * 10n ** 18n]);
    expect(await reader.checkTransfer(hash, recipient, 5_000_000n, 3)).toEqual({ ok: false, reason: 'unconfirmed', confirmations: 1, need: 3 });
    await node.mine(1);
    expect(await reader.checkTransfer(hash, recipient, 5_000_000n, 3)).toEqual({ ok: false, reason: 'unconfirmed', confirmations: 2, need: 3 });
    // A transfer of more than the sender holds, with the gas given so the node mines it anyway.
    const nodeChain = {
      id: 1337,
      name: 'local',
      nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [node.url] } },
    } as const;
    const reverted = await node.wallet.sendTransaction({
      account: node.accounts[0]!,
      to: bepToken,
      data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [recipient, 10n ** 40n] }),
      gas: 200_000n,
      chain: nodeChain,
    });
    await node.publicClient.waitForTransactionReceipt({ hash: reverted, pollingInterval: 20 });
    expect(await reader.checkTransfer(reverted, recipient, 1n, 1)).toMatchObject({ ok: false, reason: 'reverted' });
  });

  it('checks TRC20 with TRON addresses over the same JSON-RPC', async () => {
    const trcReader = viemPayoutReader(trc);
    expect(trcReader.chain).toBe('TRC20');
    const hash = await node.send(trcToken, 'transfer', [recipient, 42_123_456n]);
    expect((await trcReader.checkTransfer(hash, tron(recipient), 42_123_456n, 1)).ok).toBe(true);
    expect(await trcReader.checkTransfer(hash, tron(other), 42_123_456n, 1)).toEqual({ ok: false, reason: 'mismatch' });
    expect(await trcReader.checkTransfer(hash, tron(recipient), 42_123_457n, 1)).toEqual({ ok: false, reason: 'mismatch' });
    // The BEP20 token's transfer is not the TRC20 token's.
    const bepHash = await node.send(bepToken, 'transfer', [recipient, 42_123_456n * e18]);
    expect(await trcReader.checkTransfer(bepHash, tron(recipient), 42_123_456n, 1)).toEqual({ ok: false, reason: 'mismatch' });
    // Not a TRON address at all: nothing can match.
    expect(await trcReader.checkTransfer(hash, recipient, 42_123_456n, 1)).toEqual({ ok: false, reason: 'mismatch' });
  });

  describe('hot wallet', () => {
    let wallet: HotWallet;
    let funded: { privateKey: Hex; address: Hex };
    const payee = '0x3333333333333333333333333333333333333333' as Hex;

    beforeAll(async () => {
      funded = await fundHotWallet(node, bepToken, 100n * 10n ** 18n);
      wallet = viemHotWallet(bep, funded.privateKey);
    });

    it('signs first, sends the same bytes once, and reads its balances', async () => {
      expect(wallet.address).toBe(funded.address);
      expect(await wallet.balances()).toEqual({ tokenMinor: 100_000_000n, gasWei: 10n ** 18n });
      const before = await balanceOf(bepToken, payee);
      const nonce = await node.publicClient.getTransactionCount({ address: funded.address, blockTag: 'pending' });
      const prepared = await wallet.prepareTransfer(payee, 12_345_678n);
      expect(prepared.nonce).toBe(nonce);
      // Nothing is sent by preparing.
      expect(await reader.checkTransfer(prepared.txHash, payee, 12_345_678n, 1)).toEqual({ ok: false, reason: 'notFound' });
      await wallet.broadcast(prepared.rawTx);
      await node.publicClient.waitForTransactionReceipt({ hash: prepared.txHash, pollingInterval: 20 });
      // The same bytes again: the node has them; no error, no second transfer.
      await wallet.broadcast(prepared.rawTx);
      await node.mine(1);
      await wallet.broadcast(prepared.rawTx);
      expect((await balanceOf(bepToken, payee)) - before).toBe(12_345_678n * e18);
      expect((await reader.checkTransfer(prepared.txHash, payee, 12_345_678n, 2)).ok).toBe(true);
      const after = await wallet.balances();
      expect(after.tokenMinor).toBe(100_000_000n - 12_345_678n);
      expect(after.gasWei).toBeLessThan(10n ** 18n);
    });

    it('refuses a transfer it cannot cover before spending gas, and a second transaction on a used nonce', async () => {
      const gasBefore = (await wallet.balances()).gasWei;
      await expect(wallet.prepareTransfer(payee, 1_000_000_000n)).rejects.toThrow();
      expect((await wallet.balances()).gasWei).toBe(gasBefore);
      const first = await wallet.prepareTransfer(payee, 1_000_000n);
      const second = await wallet.prepareTransfer(other, 2_000_000n);
      expect(second.nonce).toBe(first.nonce);
      await wallet.broadcast(first.rawTx);
      await node.publicClient.waitForTransactionReceipt({ hash: first.txHash, pollingInterval: 20 });
      await expect(wallet.broadcast(second.rawTx)).rejects.toThrow(/nonce/);
      expect(await reader.checkTransfer(second.txHash, other, 2_000_000n, 1)).toEqual({ ok: false, reason: 'notFound' });
    });

    it('refuses a payout address that is not BEP20 and a key that is not one', async () => {
      await expect(wallet.prepareTransfer(tron(payee), 1_000_000n)).rejects.toThrow(/not a BEP20 address/);
      const bad = `0x${'f'.repeat(64)}` as Hex;
      let message = '';
      try {
        viemHotWallet(bep, bad);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/not a valid/);
      expect(message).not.toContain('f'.repeat(64));
    });
  });
});
