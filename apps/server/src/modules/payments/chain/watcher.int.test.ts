// Proves the chain watcher on a real local EVM node (ganache) with a real ERC-20: one credit per
// Transfer log after the confirmations, two logs in one transaction, another token's transfer
// ignored, a reorg that removes a log before its confirmations, the same blocks read twice, a run
// stopped mid-range and started again, a deposit below the minimum received but not credited, a
// deposit past the one-movement ceiling held for staff with its exact amount and only closed by them
// (decision 037), the TRON path (TRON addresses over the same JSON-RPC), the member calls and the
// back-office health; the ledger balances after each.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChainDepositEntry, ChainHealthEntry, DepositAddress, RecordEntry, ReviewItem } from '@pp/contract';
import type { Hex } from 'viem';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { startLocalChain, type LocalChain } from '../../../../test/chain-token.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { tronAddress, tronToId20 } from './derivation.ts';
import { testXpubs } from '../../../../test/chain-test-keys.ts';
import { viemRpc, type ChainRpc } from './rpc.ts';
import { ChainWatcher } from './watcher.ts';

const usdt18 = (points: bigint) => points * 10n ** 18n;
type Decided = { results: Array<{ id: string; outcome: string; error?: string }> };
const confirmations = 3;

describe.each(dialects)('chain watcher on %s', (dialect) => {
  let node: LocalChain;
  let t: TestApp;
  let bepToken: Hex;
  let tronToken: Hex;
  let otherToken: Hex;
  const members = new Map<string, { id: string; client: TestClient; bep20: string; trc20: string }>();
  const names = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
  let bep: ChainWatcher;
  let trc: ChainWatcher;

  const member = (name: string) => members.get(name)!;
  const available = async (name: string) => {
    const list = await member(name).client.call<Array<{ coinName: string; assetsAvailable: string }>>('assetsList');
    return list.data.find((a) => a.coinName === 'USDT')!.assetsAvailable;
  };
  const deposits = async (name: string, chain?: 'BEP20' | 'TRC20') =>
    (await member(name).client.call<{ items: ChainDepositEntry[] }>('bscDepositRecordList', chain ? { chain } : {})).data.items;
  const journalRows = async () =>
    Number(
      (
        await t.services.dbHandle.db
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const creditCount = async () =>
    Number(
      (
        await t.services.dbHandle.db
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .where('code', '=', 'deposit')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    node = await startLocalChain();
    bepToken = await node.deployToken(18);
    tronToken = await node.deployToken(6);
    otherToken = await node.deployToken(18, 'FAKE');
    for (const token of [bepToken, otherToken]) await node.send(token, 'mint', [node.accounts[0], usdt18(1_000_000n)]);
    await node.send(tronToken, 'mint', [node.accounts[0], 1_000_000n * 10n ** 6n]);
    const xpubs = testXpubs();
    t = await makeTestApp(dialect, {
      CHAIN_BEP20_RPC_URL: node.url,
      CHAIN_BEP20_TOKEN: bepToken,
      CHAIN_BEP20_XPUB: xpubs.BEP20,
      CHAIN_BEP20_CONFIRMATIONS: String(confirmations),
      CHAIN_BEP20_START_BLOCK: '0',
      CHAIN_BEP20_LOG_RANGE_BLOCKS_MAX: '4',
      CHAIN_BEP20_EXPLORER_URL: 'https://testnet.bscscan.com/',
      // The same node stands in for TRON's JSON-RPC; the token is configured in TRON's form.
      CHAIN_TRC20_RPC_URL: node.url,
      CHAIN_TRC20_TOKEN: tronAddress(Buffer.from(tronToken.slice(2), 'hex')),
      CHAIN_TRC20_XPUB: xpubs.TRC20,
      CHAIN_TRC20_CONFIRMATIONS: String(confirmations),
      CHAIN_TRC20_START_BLOCK: '0',
    });
    bep = t.services.chain.watchers.find((w) => w.chain === 'BEP20')!;
    trc = t.services.chain.watchers.find((w) => w.chain === 'TRC20')!;
    for (const name of names) {
      const creds = await registerMember(t, `${name}${dialect}`);
      const client = new TestClient(t.app, t.serverKey.publicJwk);
      client.token = await login({ ...t, client }, creds.userName, creds.password);
      const id = (await t.services.accounts.repository.byName(creds.userName))!.id;
      const bep20 = (await client.call<DepositAddress>('depositAddress', { chain: 'BEP20' })).data;
      const trc20 = (await client.call<DepositAddress>('depositAddress', { chain: 'TRC20' })).data;
      members.set(name, { id, client, bep20: bep20.address, trc20: trc20.address });
    }
  });
  afterEach(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  it('gives each member a permanent, distinct address per chain', async () => {
    const alice = member('alice');
    expect(alice.bep20).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(alice.trc20).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const again = await alice.client.call<DepositAddress>('depositAddress', { chain: 'BEP20' });
    expect(again.data).toMatchObject({ address: alice.bep20, minimum: '50.000000', confirmations, tokenAddress: expect.stringMatching(/^0x/) });
    expect(new Set(names.map((n) => member(n).bep20)).size).toBe(names.length);
    // The two chains come from different account keys, so the 20 bytes differ too.
    expect(Buffer.from(tronToId20(alice.trc20)!).toString('hex')).not.toBe(alice.bep20.slice(2).toLowerCase());
    const chains = await alice.client.call<Array<{ chain: string }>>('depositChainList');
    expect(chains.data.map((c) => c.chain)).toEqual(['BEP20', 'TRC20']);
    expect((await alice.client.call('depositAddress', { chain: 'ERC20' })).code).not.toBe(20000);
  });

  it('credits a transfer only after the configured confirmations', async () => {
    await node.send(bepToken, 'transfer', [member('alice').bep20, usdt18(100n)]);
    await bep.run();
    let list = await deposits('alice');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      chain: 'BEP20',
      status: 'confirming',
      amount: '100.000000',
      confirmations: 1,
      confirmationsRequired: confirmations,
      isBelowMinimum: false,
    });
    expect(await available('alice')).toBe('0.000000');
    await node.mine(1);
    await bep.run();
    expect((await deposits('alice'))[0]).toMatchObject({ status: 'confirming', confirmations: 2 });
    expect(await available('alice')).toBe('0.000000');
    await node.mine(1);
    await bep.run();
    list = await deposits('alice');
    expect(list[0]).toMatchObject({ status: 'credited', confirmations });
    expect(list[0]!.explorerUrl).toBe(`https://testnet.bscscan.com/tx/${list[0]!.txHash}`);
    expect(list[0]!.fromAddress.toLowerCase()).toBe(node.accounts[0]!.toLowerCase());
    expect(await available('alice')).toBe('100.000000');
    // The credit is in the member's records as a deposit.
    const records = await member('alice').client.call<{ items: RecordEntry[] }>('assetsRecordList', {});
    expect(records.data.items[0]).toMatchObject({ type: 'deposit', amount: '100.000000', status: 'success', movement: 'in', coinName: 'USDT' });
  });

  it('credits two transfers in one transaction once each, and ignores another token', async () => {
    const before = await creditCount();
    await node.send(bepToken, 'batchTransfer', [
      [member('bob').bep20, member('alice').bep20, member('bob').bep20],
      [usdt18(60n), usdt18(55n), usdt18(75n)],
    ]);
    await node.send(otherToken, 'transfer', [member('alice').bep20, usdt18(500n)]);
    await node.mine(confirmations);
    await bep.run();
    expect(await creditCount()).toBe(before + 3);
    const bobs = await deposits('bob');
    expect(bobs.map((d) => d.amount).sort()).toEqual(['60.000000', '75.000000']);
    expect(bobs[0]!.txHash).toBe(bobs[1]!.txHash);
    expect(new Set(bobs.map((d) => d.logIndex)).size).toBe(2);
    expect(await available('bob')).toBe('135.000000');
    expect(await available('alice')).toBe('155.000000');
    expect((await deposits('alice')).map((d) => d.amount)).not.toContain('500.000000');
  });

  it('shows a deposit below the minimum as received but not credited', async () => {
    await node.send(bepToken, 'transfer', [member('carol').bep20, usdt18(10n)]);
    await bep.run();
    expect((await deposits('carol'))[0]).toMatchObject({ status: 'confirming', isBelowMinimum: true });
    await node.mine(confirmations);
    await bep.run();
    expect((await deposits('carol'))[0]).toMatchObject({ status: 'belowMinimum', amount: '10.000000', isBelowMinimum: true });
    expect(await available('carol')).toBe('0.000000');
  });

  it('holds a deposit past the movement ceiling for staff with its exact amount; staff can only close it, audited; the ledger never moves', async () => {
    const before = await creditCount();
    const journalBefore = await journalRows();
    // 150,000,000 USDT and 123,456,789 of the token's smallest units: past the ceiling, with more places than points have.
    const raw = usdt18(150_000_000n) + 123_456_789n;
    const exact = '150000000.000000000123456789';
    await node.send(bepToken, 'mint', [node.accounts[0], usdt18(200_000_000n)]);
    await node.send(bepToken, 'transfer', [member('frank').bep20, raw]);
    await bep.run();
    // While it confirms the member already reads what was sent: not zero, not "below the minimum".
    expect((await deposits('frank'))[0]).toMatchObject({ status: 'confirming', amount: exact, isBelowMinimum: false });
    await node.mine(confirmations);
    await bep.run();
    const [held] = await deposits('frank');
    expect(held).toMatchObject({ chain: 'BEP20', status: 'heldForReview', amount: exact, isBelowMinimum: false, rejectReasonCode: null, rejectReason: null });
    const row = await t.services.dbHandle.db
      .selectFrom('chain_deposits')
      .select(['amount_raw', 'amount', 'transfer_id'])
      .where('id', '=', held!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount_raw: raw.toString(), transfer_id: null });
    expect(BigInt(row.amount)).toBe(0n);
    expect(await available('frank')).toBe('0.000000');
    expect(await creditCount()).toBe(before);

    // In the staff queue with its exact amount, chain, transaction hash and member.
    const admin = await adminClient();
    const queue = await admin.call<{ items: ReviewItem[] }>('reviewList', { queue: 'chainDeposit', status: 'pending' });
    expect(queue.code, queue.message).toBe(20000);
    const item = queue.data.items.find((i) => i.memberId === member('frank').id)!;
    expect(item).toMatchObject({
      queue: 'chainDeposit',
      status: 'pending',
      memberName: `frank${dialect}`,
      amount: exact,
      coinName: 'USDT',
      needsSecondApproval: false,
      summary: {
        chain: 'BEP20',
        hash: held!.txHash,
        logIndex: held!.logIndex,
        blockNumber: held!.blockNumber,
        address: member('frank').bep20.toLowerCase(),
        amountRaw: raw.toString(),
        tokenDecimals: 18,
        ceiling: '100000000.000000',
      },
      evidence: [{ label: 'explorer', value: held!.explorerUrl, isImage: false }],
    });
    expect((await t.services.reviews.waitingCounts()).find((q) => q.queue === 'chainDeposit')!.waiting).toBe(1);
    // Running the watcher again neither credits it nor queues it twice.
    await bep.run();
    expect((await admin.call<{ items: ReviewItem[] }>('reviewList', { queue: 'chainDeposit' })).data.items).toHaveLength(1);

    // Crediting it is impossible, even as a first of two approvals.
    const approve = await admin.call<Decided>('reviewDecide', { ids: [item.id], decision: 'approve' });
    expect(approve.data.results[0]).toMatchObject({ outcome: 'refused', error: 'ledger.amountTooLarge' });
    expect((await admin.call<ReviewItem>('reviewDetail', { id: item.id })).data).toMatchObject({ status: 'pending', decisions: [] });

    // Staff close it with a reason: the member reads it rejected, with the exact amount and the reason.
    const note = 'Returned to the sender off the platform';
    const reject = await admin.call<Decided>('reviewDecide', { ids: [item.id], decision: 'reject', reasonCode: 'other', reason: note });
    expect(reject.data.results[0]).toMatchObject({ outcome: 'rejected' });
    expect(
      (await admin.call<Decided>('reviewDecide', { ids: [item.id], decision: 'reject', reasonCode: 'other', reason: note })).data.results[0],
    ).toMatchObject({ outcome: 'refused', error: 'review.notPending' });
    expect((await deposits('frank'))[0]).toMatchObject({ id: held!.id, status: 'rejected', amount: exact, rejectReasonCode: 'other', rejectReason: note });
    const detail = (await admin.call<ReviewItem>('reviewDetail', { id: item.id })).data;
    expect(detail).toMatchObject({ status: 'rejected', amount: exact, rejectReasonCode: 'other', rejectReason: note });
    expect(detail.decisions).toEqual([expect.objectContaining({ staffName: 'admin', decision: 'reject', reasonCode: 'other', note })]);
    const notices = await member('frank').client.call<{ items: Array<{ type: string; params: Record<string, string> }> }>('notificationList', {});
    expect(notices.data.items[0]).toMatchObject({ type: 'depositRejected', params: { amount: exact, coinName: 'USDT' } });

    // Audited as every review decision is: the rejection only (the refused approval wrote nothing).
    const audit = await t.services.dbHandle.db.selectFrom('audit_log').selectAll().where('target_id', '=', item.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'review.reject', target_type: 'review:chainDeposit', actor_name: 'admin', reason: note });
    expect(JSON.parse(audit[0]!.before_json)).toEqual({ status: 'pending' });
    // The reason typed in the trail, so the back-office shows the code translated and the words apart.
    expect(JSON.parse(audit[0]!.after_json)).toEqual({ status: 'rejected', rejectReason: { code: 'other', note } });

    // The ledger never moved: no transfer of any kind, frank's balance still 0 (verifyLedger after each test).
    expect(await journalRows()).toBe(journalBefore);
    expect(await creditCount()).toBe(before);
    expect(await available('frank')).toBe('0.000000');
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });

  it('queues a deposit past the ceiling that an earlier watcher left received (amount 0), once', async () => {
    const raw = usdt18(120_000_000n);
    await node.send(bepToken, 'mint', [node.accounts[0], raw]);
    await node.send(bepToken, 'transfer', [member('bob').bep20, raw]);
    await node.mine(confirmations);
    // A watcher without the staff queue settles it the way earlier versions did: received, amount 0.
    const old = new ChainWatcher(t.services.dbHandle.db, t.services.ledger, t.services.settings, bep.settings, viemRpc(node.url, 5_000));
    await old.run();
    const [received] = await deposits('bob');
    expect(received).toMatchObject({ status: 'received', amount: '120000000.000000' });
    const balance = await available('bob');
    const journalBefore = await journalRows();
    await bep.run();
    await bep.run();
    expect((await deposits('bob'))[0]).toMatchObject({ id: received!.id, status: 'heldForReview', amount: '120000000.000000' });
    const items = (await (await adminClient()).call<{ items: ReviewItem[] }>('reviewList', { queue: 'chainDeposit', status: 'pending' })).data.items;
    expect(items.filter((i) => i.memberId === member('bob').id).map((i) => i.amount)).toEqual(['120000000.000000']);
    expect(await available('bob')).toBe(balance);
    expect(await journalRows()).toBe(journalBefore);
  });

  it('drops a log a reorg removed before its confirmations, and credits it once where it lands again', async () => {
    const before = await creditCount();
    const snapshot = await node.testClient.snapshot();
    const signed = await node.sign(bepToken, 'transfer', [member('dave').bep20, usdt18(70n)]);
    const txHash = await node.sendRaw(signed);
    await bep.run();
    expect((await deposits('dave'))[0]).toMatchObject({ status: 'confirming', txHash });
    const firstBlock = (await deposits('dave'))[0]!.blockNumber;
    await node.testClient.revert({ id: snapshot });
    // The new chain: other blocks at the same heights, past the old head.
    await node.mine(2);
    await bep.run();
    expect(await deposits('dave')).toEqual([]);
    const health = await staffHealth();
    expect(health.find((h) => h.chain === 'BEP20')!.reorgCount).toBe(1);
    // The same signed transaction is mined again, in a later block: one deposit, one credit.
    await node.mine(1);
    const again = await node.sendRaw(signed);
    expect(again).toBe(txHash);
    await node.mine(confirmations);
    await bep.run();
    const list = await deposits('dave');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'credited', txHash });
    expect(list[0]!.blockNumber).toBeGreaterThan(firstBlock);
    expect(await creditCount()).toBe(before + 1);
    expect(await available('dave')).toBe('70.000000');
  });

  it('reads the same blocks again without counting anything twice', async () => {
    const before = await creditCount();
    const balances = await Promise.all(names.map(available));
    await t.services.dbHandle.db.updateTable('chain_cursors').set({ last_block: -1n }).where('chain', '=', 'BEP20').execute();
    await t.services.dbHandle.db.deleteFrom('chain_blocks').where('chain', '=', 'BEP20').execute();
    const replay = await bep.run();
    expect(replay.lastBlock).toBe(replay.head);
    expect(replay.logsStored).toBeGreaterThanOrEqual(6);
    expect(replay.credited).toBe(0);
    await bep.run();
    expect(await creditCount()).toBe(before);
    expect(await Promise.all(names.map(available))).toEqual(balances);
  });

  it('stopped mid-range and started again: every log credited once, none lost', async () => {
    const before = await creditCount();
    const targets = ['alice', 'bob', 'dave', 'erin', 'frank'];
    await node.send(bepToken, 'batchTransfer', [targets.map((n) => member(n).bep20), targets.map(() => usdt18(51n))]);
    await node.mine(confirmations);
    const balances = await Promise.all(targets.map(available));
    await expect(
      bep.run({
        afterLogStored: (n) => {
          if (n === 2) throw new Error('process stopped');
        },
      }),
    ).rejects.toThrow('process stopped');
    expect(await creditCount()).toBe(before);
    expect((await staffHealth()).find((h) => h.chain === 'BEP20')!.lastError).toBe('process stopped');
    await bep.run();
    await bep.run();
    expect(await creditCount()).toBe(before + targets.length);
    const after = await Promise.all(targets.map(available));
    after.forEach((value, i) => expect(Number(value) - Number(balances[i])).toBe(51));
  });

  it('credits a range of many logs exactly once: each log twice in the answer, read again, stopped mid-range, unknown addresses skipped', async () => {
    const db = t.services.dbHandle.db;
    const before = await creditCount();
    const balances = new Map(await Promise.all(names.map(async (n) => [n, BigInt(Math.round(Number(await available(n)) * 1e6))] as const)));
    const notices = async (n: string) =>
      Number(
        (
          await db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<bigint>().as('n'))
            .where('member_id', '=', member(n).id)
            .where('type', '=', 'depositCredited')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const noticesBefore = new Map(await Promise.all(names.map(async (n) => [n, await notices(n)] as const)));
    // 240 logs in four transactions (four blocks, one range of the watcher's four): every fourth
    // to an address no member has, every seventh of the rest below the minimum (10), the others
    // 61 to 79 (60 is the next test's); each member many times.
    const expected = new Map(names.map((n) => [n, { credited: 0n, count: 0, below: 0 }]));
    const recipients: Hex[] = [];
    const amounts: bigint[] = [];
    for (let i = 0; i < 240; i++) {
      if (i % 4 === 3) {
        recipients.push(`0x${crypto.randomBytes(20).toString('hex')}`);
        amounts.push(usdt18(60n));
        continue;
      }
      const name = names[i % names.length]!;
      const points = i % 7 === 0 ? 10n : 61n + BigInt(i % 19);
      recipients.push(member(name).bep20 as Hex);
      amounts.push(usdt18(points));
      const e = expected.get(name)!;
      if (points < 50n) e.below++;
      else {
        e.credited += points * 1_000_000n;
        e.count++;
      }
    }
    const first = (await node.head()) + 1n;
    for (let i = 0; i < 240; i += 60) await node.send(bepToken, 'batchTransfer', [recipients.slice(i, i + 60), amounts.slice(i, i + 60)]);
    await node.mine(confirmations);
    const real = viemRpc(node.url, 5_000);
    // A node that answers every log twice, the second time in reverse order.
    const doubling: ChainRpc = {
      ...real,
      async transferLogs(token, from, to) {
        const logs = await real.transferLogs(token, from, to);
        return [...logs, ...[...logs].reverse()];
      },
    };
    const watcher = new ChainWatcher(db, t.services.ledger, t.services.settings, bep.settings, doubling);
    // Stopped in the middle of storing the range: nothing of it is credited.
    await expect(
      watcher.run({
        afterLogStored: (n) => {
          if (n === 100) throw new Error('process stopped');
        },
      }),
    ).rejects.toThrow('process stopped');
    expect(await creditCount()).toBe(before);
    const stored = () =>
      db
        .selectFrom('chain_deposits')
        .select(['member_id', 'status', 'amount', 'transfer_id'])
        .where('chain', '=', 'BEP20')
        .where('block_number', '>=', first)
        .execute();
    expect(await stored()).toEqual([]);

    const run = await watcher.run();
    const total = [...expected.values()].reduce((s, e) => s + e.count, 0);
    expect(run.credited).toBe(total);
    expect(await creditCount()).toBe(before + total);
    // Read again from before the range, and by the server's own watcher: nothing moves twice.
    await db
      .updateTable('chain_cursors')
      .set({ last_block: first - 1n })
      .where('chain', '=', 'BEP20')
      .execute();
    expect((await watcher.run()).credited).toBe(0);
    expect((await bep.run()).credited).toBe(0);
    expect(await creditCount()).toBe(before + total);

    const rows = await stored();
    // One row per member log (180), none for the unknown addresses, each credit with its own transfer.
    expect(rows).toHaveLength(180);
    const credited = rows.filter((r) => r.status === 'credited');
    expect(credited).toHaveLength(total);
    expect(new Set(credited.map((r) => r.transfer_id)).size).toBe(total);
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select(['id', 'amount', 'credit_account_id'])
      .where(
        'id',
        'in',
        credited.map((r) => r.transfer_id!),
      )
      .execute();
    expect(transfers).toHaveLength(total);
    for (const name of names) {
      const e = expected.get(name)!;
      const mine = rows.filter((r) => r.member_id === member(name).id);
      expect(mine.filter((r) => r.status === 'belowMinimum')).toHaveLength(e.below);
      expect(mine.filter((r) => r.status === 'credited').reduce((s, r) => s + BigInt(r.amount), 0n)).toBe(e.credited);
      expect(BigInt(Math.round(Number(await available(name)) * 1e6)) - balances.get(name)!).toBe(e.credited);
      expect((await notices(name)) - noticesBefore.get(name)!).toBe(e.count);
    }
  });

  it('picks up a log the node left out once (a lagging backend), before it would be confirmed', async () => {
    const before = await creditCount();
    const balance = await available('erin');
    await node.send(bepToken, 'transfer', [member('erin').bep20, usdt18(60n)]);
    const target = await node.head();
    const real = viemRpc(node.url, 5_000);
    let dropped = 0;
    const lagging: ChainRpc = {
      ...real,
      async transferLogs(token, from, to) {
        // The first answer covering the new block comes from a backend that has not seen it.
        if (dropped === 0 && from <= target && target <= to) {
          dropped++;
          return [];
        }
        return real.transferLogs(token, from, to);
      },
    };
    const watcher = new ChainWatcher(t.services.dbHandle.db, t.services.ledger, t.services.settings, bep.settings, lagging);
    await watcher.run();
    expect(dropped).toBe(1);
    expect((await deposits('erin')).some((d) => d.amount === '60.000000')).toBe(false);
    await watcher.run();
    expect((await deposits('erin'))[0]).toMatchObject({ amount: '60.000000', status: 'confirming' });
    await node.mine(confirmations);
    await watcher.run();
    await bep.run();
    expect((await deposits('erin'))[0]).toMatchObject({ amount: '60.000000', status: 'credited' });
    expect(await creditCount()).toBe(before + 1);
    expect(Number(await available('erin')) - Number(balance)).toBe(60);
  });

  it('watches TRON through the same JSON-RPC with TRON addresses', async () => {
    const erin = member('erin');
    const id20 = `0x${Buffer.from(tronToId20(erin.trc20)!).toString('hex')}` as Hex;
    await node.send(tronToken, 'transfer', [id20, 80n * 10n ** 6n]);
    // A transfer to erin's BEP20 address on the TRON token is not hers on TRON.
    await node.send(tronToken, 'transfer', [erin.bep20, 90n * 10n ** 6n]);
    await trc.run();
    expect((await deposits('erin', 'TRC20'))[0]).toMatchObject({ status: 'confirming', amount: '80.000000' });
    await node.mine(confirmations);
    const before = await available('erin');
    await trc.run();
    const list = await deposits('erin', 'TRC20');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ chain: 'TRC20', status: 'credited', toAddress: erin.trc20 });
    expect(list[0]!.fromAddress).toMatch(/^T/);
    expect(list[0]!.explorerUrl).toBe(`https://tronscan.org/#/transaction/${list[0]!.txHash.slice(2)}`);
    expect(Number(await available('erin')) - Number(before)).toBe(80);
  });

  it('credits exactly the ceiling on TRON and holds one smallest unit more, exactly', async () => {
    await node.send(tronToken, 'mint', [node.accounts[0], 300_000_000n * 10n ** 6n]);
    const carol = member('carol');
    const id20 = `0x${Buffer.from(tronToId20(carol.trc20)!).toString('hex')}` as Hex;
    const before = await available('carol');
    await node.send(tronToken, 'transfer', [id20, 100_000_000n * 10n ** 6n]);
    await node.send(tronToken, 'transfer', [id20, 100_000_000n * 10n ** 6n + 1n]);
    await node.mine(confirmations);
    await trc.run();
    const list = await deposits('carol', 'TRC20');
    expect(list.map((d) => [d.status, d.amount]).sort()).toEqual([
      ['credited', '100000000.000000'],
      ['heldForReview', '100000000.000001'],
    ]);
    expect(Number(await available('carol')) - Number(before)).toBe(100_000_000);
    const items = (await (await adminClient()).call<{ items: ReviewItem[] }>('reviewList', { queue: 'chainDeposit', status: 'pending' })).data.items;
    expect(items.find((i) => i.memberId === carol.id)).toMatchObject({
      amount: '100000000.000001',
      summary: { chain: 'TRC20', address: carol.trc20, tokenDecimals: 6 },
    });
  });

  it("runs as a job of the one runner and shows each chain's health to staff", async () => {
    await t.services.dbHandle.db
      .updateTable('job_state')
      .set({ run_requested_at: BigInt(Date.now()) })
      .where('name', '=', 'chain-watch-bep20')
      .execute();
    expect(await t.services.jobs.runDue('chain-watch-bep20')).toBe(true);
    const jobs = await t.services.jobs.status();
    expect(jobs.find((j) => j.name === 'chain-watch-bep20')).toMatchObject({ lastStatus: 'succeeded' });
    expect(jobs.map((j) => j.name)).toContain('chain-watch-trc20');
    const head = Number(await node.head());
    const health = await staffHealth();
    expect(health.find((h) => h.chain === 'BEP20')).toMatchObject({ isConfigured: true, headBlock: head, lastBlock: head, lagBlocks: 0, confirmations });
    expect(health.find((h) => h.chain === 'BEP20')!.lastRunAt).toBeGreaterThan(0);
    // Balances: every member's USDT is what was credited from the chain.
    const credited = await t.services.dbHandle.db.selectFrom('chain_deposits').select(['member_id', 'amount']).where('status', '=', 'credited').execute();
    for (const name of names) {
      const sum = credited.filter((c) => c.member_id === member(name).id).reduce((s, c) => s + BigInt(c.amount), 0n);
      expect(BigInt(Math.round(Number(await available(name)) * 1e6))).toBe(sum);
    }
  });

  let staff: TestClient | undefined;
  async function adminClient(): Promise<TestClient> {
    staff ??= await staffClient(t, 'admin', 'Admin@12345');
    return staff;
  }
  async function staffHealth(): Promise<ChainHealthEntry[]> {
    const answer = await (await adminClient()).call<ChainHealthEntry[]>('chainHealth');
    expect(answer.code, answer.message).toBe(20000);
    return answer.data;
  }
});
