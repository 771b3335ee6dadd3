// Proves the on-chain payouts of withdrawals (decision 019) on a real local EVM node (ganache) with
// a real ERC-20 and a funded hot wallet, on each database: the job pays an eligible order once
// (the recipient's token balance rises by exactly the amount, the holds are posted only when the
// transfer is confirmed), leaves orders over the per-payout or the daily limit alone, re-sends
// the stored bytes after a crash between store and broadcast without paying twice, puts a
// reverted payout back with its error and the hold intact, and sends once when two services race;
// staff's pasted hashes are accepted only for a confirmed transfer of the token to the order's
// address for exactly its amount (BEP20 and TRC20), once; the hot wallet's status; the ledger
// balances after each test. Orders come from a small fixture: real pending holds with the ledger
// and a withdrawals row waiting for disbursement (the request API is another module's).
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, encodeFunctionData, http, parseAbi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { dialects, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { setSetting as setBothSteps } from '../../../../test/settings.ts';
import { startLocalChain, type LocalChain } from '../../../../test/chain-token.ts';
import { fundHotWallet, type FundedHotWallet } from '../../../../test/hot-wallet-funding.ts';
import { AppError } from '../../../errors.ts';
import { tronAddress } from '../chain/index.ts';
import { testXpubs } from '../../../../test/chain-test-keys.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { ChainPayoutService } from './chain-payouts.ts';
import { markRejected, orderRow } from './order-state.ts';
import type { HotWallet } from './payout-chain.ts';
import { viemHotWallet, viemPayoutReader } from './payout-chain-viem.ts';
import type { Tx } from '../../../db/index.ts';
import { settled } from '../../wallet/ledger/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

const erc20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
]);
const usdt = (points: bigint) => points * 1_000_000n;
const e18 = (minor: bigint) => minor * 10n ** 12n;
const actor = { id: 'staff-test', name: 'tester', ip: '127.0.0.1' };
const need = 2;
const tron = (hex: Hex) => tronAddress(Buffer.from(hex.slice(2), 'hex'));
const newAddress = () => `0x${crypto.randomBytes(20).toString('hex')}` as Hex;

async function codeOf(work: Promise<unknown>): Promise<{ key: string; params?: Record<string, string | number> }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { key: error.key, params: error.params };
    throw error;
  }
  throw new Error('expected an AppError');
}

describe.each(dialects)('withdrawal chain payouts on %s', (dialect) => {
  let node: LocalChain;
  let t: TestApp;
  let bepToken: Hex;
  let trcToken: Hex;
  let otherToken: Hex;
  let hot: FundedHotWallet;
  let payouts: ChainPayoutService;
  let sequence = 0;
  const nodeChain = () =>
    ({ id: 1337, name: 'local', nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [node.url] } } }) as const;

  const db = () => t.services.dbHandle.db;
  /** The in-process node mines each transaction into its own block a moment after taking it. */
  const mined = async (hash: string | null) => {
    const receipt = await node.publicClient.waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 20, timeout: 20_000 });
    return receipt.status;
  };
  const tokenBalance = (token: Hex, who: Hex) => node.publicClient.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [who] });
  const hotNonce = () => node.publicClient.getTransactionCount({ address: hot.address, blockTag: 'pending' });
  const order = (id: string) => orderRow(db() as unknown as Tx, id);
  const transferState = async (id: string) => (await db().selectFrom('ledger_transfers').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
  const setSetting = async (key: string, value: unknown) => {
    await setBothSteps(t, key, value, 'test');
  };

  /** A member with `amount + fee` deposited, both held for a withdrawal waiting for disbursement. */
  async function makeOrder(input: { chain: 'BEP20' | 'TRC20'; destination: string; amount: bigint; fee?: bigint }): Promise<{ id: string; memberId: string }> {
    const fee = input.fee ?? usdt(1n);
    const n = ++sequence;
    const id = crypto.randomUUID();
    const memberId = `member-${crypto.randomUUID()}`;
    const ledger = t.services.ledger;
    await ledger
      .transfer({
        requestId: `test-deposit:${id}`,
        code: 'deposit',
        coinName: 'USDT',
        amount: input.amount + fee,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'chainDeposits' },
        credit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
    await inTransaction(
      t.services.dbHandle.db,
      async (tx) => {
        const hold = await ledger
          .transfer(
            {
              requestId: null,
              code: 'withdraw',
              coinName: 'USDT',
              amount: input.amount,
              debit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
              credit: { owner: 'system', coinName: 'USDT', purpose: 'withdrawals' },
              isPending: true,
            },
            tx,
          )
          .then(settled);
        const feeHold = await ledger
          .transfer(
            {
              requestId: null,
              code: 'withdrawFee',
              coinName: 'USDT',
              amount: fee,
              debit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
              credit: { owner: 'system', coinName: 'USDT', purpose: 'fees' },
              isPending: true,
            },
            tx,
          )
          .then(settled);
        const now = Date.now();
        await tx
          .insertInto('withdrawals')
          .values({
            id,
            number: `W${dialect}${n}${crypto.randomBytes(3).toString('hex')}`,
            member_id: memberId,
            withdrawal_type: `USDT_${input.chain}`,
            channel: 'chain',
            chain: input.chain,
            coin_name: 'USDT',
            amount: input.amount,
            fee,
            destination: input.destination,
            destination_id: crypto.randomUUID(),
            status: 'pendingDisbursement',
            hold_transfer_id: hold.id,
            fee_transfer_id: feeHold.id,
            review_id: crypto.randomUUID(),
            // Strictly increasing, so "oldest first" is this fixture's order.
            created_at: now - 1_000_000 + n,
            decided_at: now,
          })
          .execute();
      },
      { groupCommit: true },
    );
    return { id, memberId };
  }

  /** Rejects what a test leaves waiting, so the next test's job run sees only its own orders. */
  async function rejectWaiting(): Promise<void> {
    const waiting = await db().selectFrom('withdrawals').selectAll().where('status', '=', 'pendingDisbursement').execute();
    for (const row of waiting)
      await inTransaction(
        t.services.dbHandle.db,
        (tx) => markRejected(tx, t.services.ledger, row, ['pendingDisbursement'], { code: 'other', note: 'test cleanup' }),
        { groupCommit: true },
      );
  }

  /** Runs the job until nothing is processing, mining a block between runs. */
  async function settleAll(service: ChainPayoutService = payouts): Promise<void> {
    for (let i = 0; i < 10; i++) {
      await service.runOnce();
      const processing = await db().selectFrom('withdrawals').select(['id', 'tx_hash']).where('status', '=', 'processing').execute();
      if (processing.length === 0) return;
      for (const row of processing) await mined(row.tx_hash);
      await node.mine(1);
    }
    throw new Error('payouts did not settle');
  }

  /** A hot wallet that signs for real but "crashes" before anything reaches the node. */
  function crashingBeforeBroadcast(wallet: HotWallet): HotWallet {
    return {
      chain: wallet.chain,
      address: wallet.address,
      prepareTransfer: (to, amount) => wallet.prepareTransfer(to, amount),
      broadcast: async () => {
        throw new Error('simulated crash before broadcast');
      },
      balances: () => wallet.balances(),
    };
  }

  function serviceWith(wallet: HotWallet | null, readers = t.services.config.chains): ChainPayoutService {
    return new ChainPayoutService(
      db(),
      t.services.ledger,
      t.services.settings,
      t.services.audit,
      wallet,
      Object.fromEntries(readers.map((s) => [s.chain, viemPayoutReader(s)])),
    );
  }
  const bepSettings = () => t.services.config.chains.find((s) => s.chain === 'BEP20')!;

  beforeAll(async () => {
    node = await startLocalChain();
    bepToken = await node.deployToken(18);
    trcToken = await node.deployToken(6);
    otherToken = await node.deployToken(18, 'FAKE');
    await node.send(bepToken, 'mint', [node.accounts[0], e18(usdt(1_000_000n))]);
    await node.send(otherToken, 'mint', [node.accounts[0], e18(usdt(1_000_000n))]);
    await node.send(trcToken, 'mint', [node.accounts[0], usdt(1_000_000n)]);
    hot = await fundHotWallet(node, bepToken, e18(usdt(5_000n)));
    const xpubs = testXpubs();
    t = await makeTestApp(dialect, {
      CHAIN_BEP20_RPC_URL: node.url,
      CHAIN_BEP20_TOKEN: bepToken,
      CHAIN_BEP20_XPUB: xpubs.BEP20,
      CHAIN_BEP20_RPC_TIMEOUT_MS: '5000',
      CHAIN_TRC20_RPC_URL: node.url,
      CHAIN_TRC20_TOKEN: tron(trcToken),
      CHAIN_TRC20_XPUB: xpubs.TRC20,
      CHAIN_TRC20_RPC_TIMEOUT_MS: '5000',
      PAYOUT_BEP20_PRIVATE_KEY: hot.privateKey,
    });
    payouts = t.services.chainPayouts;
    await setSetting('withdrawal.payoutConfirmations', need);
    await setSetting('withdrawal.hotWalletPayoutMax', '100');
    await setSetting('withdrawal.hotWalletDailyMax', '100000');
    await setSetting('withdrawal.autoPayout', true);
  });
  afterEach(async () => {
    await rejectWaiting();
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  it('pays an eligible order once, and posts its holds only when the transfer is confirmed', async () => {
    const to = newAddress();
    const { id, memberId } = await makeOrder({ chain: 'BEP20', destination: to, amount: usdt(40n) + 123_456n });
    const nonce = await hotNonce();
    expect(await payouts.runOnce()).toEqual({ settled: 0, sentOrderId: id, error: null });
    let row = await order(id);
    expect(row).toMatchObject({ status: 'processing', payout_method: 'hotWallet', last_error: null });
    expect(Number(row.tx_nonce)).toBe(nonce);
    expect(row.raw_tx).toMatch(/^0x[0-9a-f]+$/);
    await mined(row.tx_hash);
    // Mined (one confirmation), not yet confirmed enough: still processing, holds still pending.
    expect(await payouts.runOnce()).toMatchObject({ settled: 0, sentOrderId: null });
    expect((await order(id)).status).toBe('processing');
    expect(await transferState(row.hold_transfer_id)).toBe('pending');
    expect((await t.services.ledger.memberBalances(memberId)).get('USDT')).toMatchObject({ available: 0n, frozen: usdt(41n) + 123_456n });
    await node.mine(1);
    expect(await payouts.runOnce()).toMatchObject({ settled: 1 });
    row = await order(id);
    expect(row.status).toBe('success');
    expect(row.paid_at).not.toBeNull();
    expect(await tokenBalance(bepToken, to)).toBe(e18(usdt(40n) + 123_456n));
    expect(await hotNonce()).toBe(nonce + 1);
    expect(await transferState(row.hold_transfer_id)).toBe('posted');
    expect(await transferState(row.fee_transfer_id!)).toBe('posted');
    expect((await t.services.ledger.memberBalances(memberId)).get('USDT')).toMatchObject({ available: 0n, frozen: 0n });
    // Nothing more to do: no second transfer.
    expect(await payouts.runOnce()).toEqual({ settled: 0, sentOrderId: null, error: null });
    expect(await hotNonce()).toBe(nonce + 1);
  });

  it('leaves an order over the per-payout limit and one over the daily limit alone', async () => {
    await setSetting('withdrawal.hotWalletPayoutMax', '100');
    const used = BigInt(Math.round(Number((await payouts.hotWalletStatus()).dailyUsed) * 1_000_000));
    // Room today: 60 USDT more.
    const dailyMax = used + usdt(60n);
    await setSetting('withdrawal.hotWalletDailyMax', (Number(dailyMax) / 1_000_000).toFixed(6));
    const big = await makeOrder({ chain: 'BEP20', destination: newAddress(), amount: usdt(100n) + 1n });
    const overDay = await makeOrder({ chain: 'BEP20', destination: newAddress(), amount: usdt(61n) });
    const nonce = await hotNonce();
    expect(await payouts.runOnce()).toEqual({ settled: 0, sentOrderId: null, error: null });
    expect((await order(big.id)).status).toBe('pendingDisbursement');
    expect((await order(overDay.id)).status).toBe('pendingDisbursement');
    expect(await codeOf(payouts.payWithHotWallet(actor, big.id))).toEqual({ key: 'payout.overLimit', params: { limit: '100.000000' } });
    expect(await codeOf(payouts.payWithHotWallet(actor, overDay.id))).toEqual({
      key: 'payout.overLimit',
      params: { limit: (Number(dailyMax) / 1_000_000).toFixed(6) },
    });
    expect(await hotNonce()).toBe(nonce);
    // Within both, the job pays it (the younger order fits where the older ones do not).
    const fits = await makeOrder({ chain: 'BEP20', destination: newAddress(), amount: usdt(60n) });
    expect((await payouts.runOnce()).sentOrderId).toBe(fits.id);
    await settleAll();
    expect((await order(fits.id)).status).toBe('success');
    expect((await payouts.hotWalletStatus()).dailyUsed).toBe((Number(dailyMax) / 1_000_000).toFixed(6));
    await setSetting('withdrawal.hotWalletDailyMax', '100000');
  });

  it('re-sends the stored bytes after a crash between store and broadcast, and pays once', async () => {
    const to = newAddress();
    const { id } = await makeOrder({ chain: 'BEP20', destination: to, amount: usdt(25n) });
    const nonce = await hotNonce();
    const crashing = serviceWith(crashingBeforeBroadcast(viemHotWallet(bepSettings(), hot.privateKey)));
    expect((await crashing.runOnce()).sentOrderId).toBe(id);
    const stored = await order(id);
    expect(stored.status).toBe('processing');
    expect(stored.last_error).toMatch(/simulated crash/);
    // Stored, not sent: the node does not know it, and no nonce was used.
    expect(await hotNonce()).toBe(nonce);
    expect(await tokenBalance(bepToken, to)).toBe(0n);
    // The next run (the real one) finds it missing on chain and sends the very same bytes.
    await payouts.runOnce();
    expect(await mined(stored.tx_hash)).toBe('success');
    const tx = await node.publicClient.getTransaction({ hash: stored.tx_hash as Hex });
    expect(tx.nonce).toBe(nonce);
    expect((await order(id)).tx_hash).toBe(stored.tx_hash);
    // More runs, before and after confirmation, send nothing more.
    await payouts.runOnce();
    await settleAll();
    await payouts.runOnce();
    expect((await order(id)).status).toBe('success');
    expect(await tokenBalance(bepToken, to)).toBe(e18(usdt(25n)));
    expect(await hotNonce()).toBe(nonce + 1);
  });

  it('sends once when two services race on the same database', async () => {
    const first = await makeOrder({ chain: 'BEP20', destination: newAddress(), amount: usdt(11n) });
    const second = await makeOrder({ chain: 'BEP20', destination: newAddress(), amount: usdt(12n) });
    const nonce = await hotNonce();
    const other = serviceWith(viemHotWallet(bepSettings(), hot.privateKey));
    // Two job runs (two processes), and a staff click for the younger order at the same time.
    const [a, b, c] = await Promise.allSettled([payouts.runOnce(), other.runOnce(), other.payWithHotWallet(actor, second.id)]);
    const sent = [a, b].map((r) => (r.status === 'fulfilled' ? r.value.sentOrderId : null)).filter((x) => x !== null);
    const clicked = c.status === 'fulfilled' ? 1 : 0;
    expect(sent.length + clicked).toBe(1);
    const rows = [await order(first.id), await order(second.id)];
    expect(rows.filter((r) => r.status === 'processing')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'pendingDisbursement')).toHaveLength(1);
    // Settle only (automatic sending off), so the order left waiting stays so.
    await setSetting('withdrawal.autoPayout', false);
    await settleAll();
    await setSetting('withdrawal.autoPayout', true);
    expect(await hotNonce()).toBe(nonce + 1);
    const paid = [await order(first.id), await order(second.id)].filter((r) => r.status === 'success');
    expect(paid).toHaveLength(1);
    expect(await tokenBalance(bepToken, paid[0]!.destination as Hex)).toBe(e18(BigInt(paid[0]!.amount)));
  });

  it('puts a reverted payout back with its error and the holds intact', async () => {
    const to = newAddress();
    const { id, memberId } = await makeOrder({ chain: 'BEP20', destination: to, amount: usdt(50n) });
    // The wallet lets the node's sender take its tokens, then signs and stores the payout while it
    // still holds them; the tokens leave before the payout reaches the chain, so it reverts.
    const hotClient = createWalletClient({ account: privateKeyToAccount(hot.privateKey), transport: http(node.url) });
    const approve = await hotClient.writeContract({
      address: bepToken,
      abi: erc20,
      functionName: 'approve',
      args: [node.accounts[0]!, 2n ** 256n - 1n],
      chain: nodeChain(),
    });
    await node.publicClient.waitForTransactionReceipt({ hash: approve, pollingInterval: 20 });
    await serviceWith(crashingBeforeBroadcast(viemHotWallet(bepSettings(), hot.privateKey))).runOnce();
    expect((await order(id)).status).toBe('processing');
    const held = await tokenBalance(bepToken, hot.address);
    const drain = await node.wallet.writeContract({
      address: bepToken,
      abi: erc20,
      functionName: 'transferFrom',
      args: [hot.address, node.accounts[0]!, held],
      account: node.accounts[0]!,
      chain: nodeChain(),
    });
    await node.publicClient.waitForTransactionReceipt({ hash: drain, pollingInterval: 20 });
    await setSetting('withdrawal.autoPayout', false);
    await payouts.runOnce();
    const revertedHash = (await order(id)).tx_hash as Hex;
    expect(await mined(revertedHash)).toBe('reverted');
    // One confirmation of a revert is not final yet.
    expect((await order(id)).status).toBe('processing');
    await node.mine(1);
    await payouts.runOnce();
    const row = await order(id);
    expect(row).toMatchObject({ status: 'pendingDisbursement', payout_method: null, tx_hash: null, raw_tx: null, tx_nonce: null, processing_at: null });
    expect(row.last_error).toBe(`reverted on chain: ${revertedHash}`);
    expect(await transferState(row.hold_transfer_id)).toBe('pending');
    expect(await transferState(row.fee_transfer_id!)).toBe('pending');
    expect((await t.services.ledger.memberBalances(memberId)).get('USDT')).toMatchObject({ available: 0n, frozen: usdt(51n) });
    expect(await tokenBalance(bepToken, to)).toBe(0n);
    // Without tokens the wallet refuses before spending gas, and says so on the order.
    await setSetting('withdrawal.autoPayout', true);
    const gas = await node.publicClient.getBalance({ address: hot.address });
    const attempt = await payouts.runOnce();
    expect(attempt.sentOrderId).toBeNull();
    expect(attempt.error).toMatch(/^prepare/);
    expect((await order(id)).last_error).toMatch(/^prepare/);
    expect(await node.publicClient.getBalance({ address: hot.address })).toBe(gas);
    // Refilled, the job pays it after all.
    await node.send(bepToken, 'transfer', [hot.address, held]);
    expect((await payouts.runOnce()).sentOrderId).toBe(id);
    await settleAll();
    expect((await order(id)).status).toBe('success');
    expect(await tokenBalance(bepToken, to)).toBe(e18(usdt(50n)));
  });

  it("accepts a pasted hash only for a confirmed transfer of the token to the order's address for exactly its amount, once", async () => {
    const to = newAddress();
    const a = await makeOrder({ chain: 'BEP20', destination: to, amount: usdt(30n) + 500_000n });
    const b = await makeOrder({ chain: 'BEP20', destination: to, amount: usdt(30n) + 500_000n });
    const amount = e18(usdt(30n) + 500_000n);
    const wrongToken = await node.send(otherToken, 'transfer', [to, amount]);
    const wrongRecipient = await node.send(bepToken, 'transfer', [newAddress(), amount]);
    const wrongAmount = await node.send(bepToken, 'transfer', [to, amount - 1n]);
    const reverted = await node.wallet.sendTransaction({
      account: node.accounts[0]!,
      to: bepToken,
      data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [to, 10n ** 40n] }),
      gas: 200_000n,
      chain: nodeChain(),
    });
    await node.publicClient.waitForTransactionReceipt({ hash: reverted, pollingInterval: 20 });
    const right = await node.send(bepToken, 'transfer', [to, amount]);
    expect(await codeOf(payouts.payManually(actor, a.id, right))).toEqual({ key: 'payout.txUnconfirmed', params: { have: 1, need } });
    await node.mine(need);
    for (const hash of [wrongToken, wrongRecipient, wrongAmount]) expect((await codeOf(payouts.payManually(actor, a.id, hash))).key).toBe('payout.txMismatch');
    expect((await codeOf(payouts.payManually(actor, a.id, reverted))).key).toBe('payout.txFailed');
    expect((await codeOf(payouts.payManually(actor, a.id, `0x${'5a'.repeat(32)}`))).key).toBe('payout.txNotFound');
    expect((await order(a.id)).status).toBe('pendingDisbursement');
    // As staff paste it: upper case, no 0x.
    expect(await payouts.payManually(actor, a.id, right.slice(2).toUpperCase())).toEqual({ status: 'success', txHash: right.toLowerCase() });
    const paid = await order(a.id);
    expect(paid).toMatchObject({ status: 'success', payout_method: 'manualChain', tx_hash: right.toLowerCase(), paid_by_staff_id: actor.id });
    expect(await transferState(paid.hold_transfer_id)).toBe('posted');
    // The same transfer cannot pay the second order (same address, same amount).
    expect((await codeOf(payouts.payManually(actor, b.id, right))).key).toBe('payout.txUsed');
    expect((await order(b.id)).status).toBe('pendingDisbursement');
    // A transfer from before an order was requested cannot be its payout, even to the right address for the right amount.
    const earlier = await node.send(bepToken, 'transfer', [to, amount]);
    await node.mine(need);
    await db()
      .updateTable('withdrawals')
      .set({ created_at: Date.now() + 3_600_000 })
      .where('id', '=', b.id)
      .execute();
    expect((await codeOf(payouts.payManually(actor, b.id, earlier))).key).toBe('payout.txTooOld');
    expect((await codeOf(payouts.payManually(actor, a.id, right))).key).toBe('withdrawal.wrongState');
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'withdrawal.payoutManualChain').where('target_id', '=', a.id).execute();
    expect(audit).toHaveLength(1);
  });

  it('checks a TRC20 hash with TRON addresses over the same JSON-RPC', async () => {
    const to = newAddress();
    const { id } = await makeOrder({ chain: 'TRC20', destination: tron(to), amount: usdt(70n) + 1n });
    const wrong = await node.send(trcToken, 'transfer', [to, usdt(70n)]);
    const right = await node.send(trcToken, 'transfer', [to, usdt(70n) + 1n]);
    await node.mine(need);
    expect((await codeOf(payouts.payManually(actor, id, wrong))).key).toBe('payout.txMismatch');
    // The hot wallet pays BEP20 only.
    expect((await codeOf(payouts.payWithHotWallet(actor, id))).key).toBe('payout.notEligible');
    expect(await payouts.payManually(actor, id, right)).toEqual({ status: 'success', txHash: right });
    // The job never picks a TRC20 order.
    const other = await makeOrder({ chain: 'TRC20', destination: tron(newAddress()), amount: usdt(5n) });
    expect((await payouts.runOnce()).sentOrderId).toBeNull();
    expect((await order(other.id)).status).toBe('pendingDisbursement');
  });

  it('refuses without a hot wallet or a reader, and reports the node being down', async () => {
    const { id } = await makeOrder({ chain: 'BEP20', destination: newAddress(), amount: usdt(5n) });
    const bare = serviceWith(null, []);
    expect((await codeOf(bare.payWithHotWallet(actor, id))).key).toBe('payout.hotWalletOff');
    expect((await codeOf(bare.payManually(actor, id, `0x${'11'.repeat(32)}`))).key).toBe('payout.chainNotConfigured');
    expect(await bare.hotWalletStatus()).toMatchObject({ address: null, tokenBalance: null, gasBalance: null, error: null });
    const down = { ...bepSettings(), rpcUrl: 'http://127.0.0.1:9', rpcTimeoutMs: 1_000 };
    const offline = new ChainPayoutService(db(), t.services.ledger, t.services.settings, t.services.audit, viemHotWallet(down, hot.privateKey), {
      BEP20: viemPayoutReader(down),
    });
    expect((await codeOf(offline.payManually(actor, id, `0x${'11'.repeat(32)}`))).key).toBe('payout.chainUnavailable');
    expect((await codeOf(offline.payWithHotWallet(actor, id))).key).toBe('payout.chainUnavailable');
    expect(await offline.hotWalletStatus()).toMatchObject({ address: hot.address, tokenBalance: null, error: 'payout.chainUnavailable' });
    expect((await order(id)).status).toBe('pendingDisbursement');
  });

  describe('staff calls', () => {
    let finance: TestClient;
    beforeAll(async () => {
      finance = await staffClient(t, 'finance', 'Finance@12345');
    });

    it('shows the hot wallet and pays through the staff endpoints', async () => {
      const status = await finance.call<Record<string, unknown>>('hotWalletStatus');
      expect(status.code).toBe(20000);
      const balances = await viemHotWallet(bepSettings(), hot.privateKey).balances();
      expect(status.data).toMatchObject({
        address: hot.address,
        chain: 'BEP20',
        tokenBalance: (Number(balances.tokenMinor) / 1_000_000).toFixed(6),
        perPayoutMax: '100.000000',
        dailyMax: '100000.000000',
        autoPayout: true,
        error: null,
      });
      expect(status.data.gasBalance).toMatch(/^\d+\.\d{18}$/);
      const to = newAddress();
      const { id } = await makeOrder({ chain: 'BEP20', destination: to, amount: usdt(9n) });
      const paid = await finance.call<{ status: string; txHash: string }>('payoutHotWallet', { id });
      expect(paid.data).toMatchObject({ status: 'processing', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
      // A second click: the order has moved on.
      expect((await finance.call('payoutHotWallet', { id })).error).toBe('withdrawal.wrongState');
      await settleAll();
      expect(await tokenBalance(bepToken, to)).toBe(e18(usdt(9n)));
      const manual = await makeOrder({ chain: 'BEP20', destination: to, amount: usdt(8n) });
      const hash = await node.send(bepToken, 'transfer', [to, e18(usdt(8n))]);
      const early = await finance.call('payoutManualChain', { id: manual.id, txHash: hash });
      expect(early).toMatchObject({ error: 'payout.txUnconfirmed', params: { have: 1, need } });
      await node.mine(1);
      expect((await finance.call('payoutManualChain', { id: manual.id, txHash: hash })).data).toEqual({ status: 'success', txHash: hash });
      expect((await finance.call('payoutManualChain', { id: manual.id, txHash: 'nothex' })).error).toBe('request.invalid');
      expect((await finance.call('payoutHotWallet', { id: 'missing-order' })).error).toBe('withdrawal.notFound');
    });
  });
});
