// The review queues' waiting counts kept with the items (migration 040, decision 057): every kind of
// write to review_items (a new item waiting or decided, a first and a second approval, a decision,
// a move to another queue, a delete, a rolled-back insert, concurrent requests) leaves the kept
// counts equal to a count of the waiting items, and the dashboard reads the kept counts.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, staffClient, type TestApp } from '../../../../test/helper.ts';
import { inTransaction } from '../../../db/transaction.ts';

describe.each(dialects)('review waiting counts on %s', (dialect) => {
  let t: TestApp;
  let memberId: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    memberId = (await t.services.accounts.repository.byName('demo'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.services.dbHandle.db;
  const item = (queue: string, status: string) => ({
    id: crypto.randomUUID(),
    queue,
    status,
    member_id: memberId,
    coin_name: 'USDT',
    amount: 1n,
    subject_id: crypto.randomUUID(),
    summary_json: '{}',
    evidence_json: '[]',
    first_approver_id: null,
    created_by_staff_id: null,
    reject_code: null,
    reject_note: null,
    created_at: Date.now(),
    decided_at: status === 'pending' || status === 'awaitingSecond' ? null : Date.now(),
    amount_exact: null,
  });
  /** The kept counts and a count of the items, per queue with any waiting. */
  const both = async () => {
    const kept = Object.fromEntries((await t.services.reviews.waitingCounts()).filter((q) => q.waiting !== 0).map((q) => [q.queue, q.waiting]));
    const rows = await db()
      .selectFrom('review_items')
      .select(['queue', (eb) => eb.fn.countAll<bigint | number>().as('n')])
      .where('status', 'in', ['pending', 'awaitingSecond'])
      .groupBy('queue')
      .execute();
    return { kept, counted: Object.fromEntries(rows.map((r) => [r.queue, Number(r.n)])) };
  };
  const setStatus = (id: string, status: string) => db().updateTable('review_items').set({ status }).where('id', '=', id).execute();

  it('follows every kind of write to the items', async () => {
    const start = await both();
    expect(start.kept).toEqual(start.counted);
    const base = (queue: string) => start.kept[queue] ?? 0;
    const a = item('withdrawal', 'pending');
    const b = item('withdrawal', 'awaitingSecond');
    const c = item('exchange', 'approved');
    await db().insertInto('review_items').values([a, b, c]).execute();
    expect((await both()).kept).toMatchObject({ withdrawal: base('withdrawal') + 2 });
    // A first approval (pending -> awaitingSecond) leaves it waiting: no change.
    await setStatus(a.id, 'awaitingSecond');
    // Decisions take it out of waiting; a decided item set back to pending comes back.
    await setStatus(b.id, 'approved');
    await setStatus(c.id, 'pending');
    let now = await both();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept).toMatchObject({ withdrawal: base('withdrawal') + 1, exchange: base('exchange') + 1 });
    // A waiting item moved to another queue.
    await db().updateTable('review_items').set({ queue: 'bankDeposit' }).where('id', '=', a.id).execute();
    now = await both();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept).toMatchObject({ bankDeposit: base('bankDeposit') + 1 });
    // Deletes: of a waiting item and of a decided one.
    await db().deleteFrom('review_items').where('id', 'in', [a.id, b.id]).execute();
    now = await both();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept.bankDeposit ?? 0).toBe(base('bankDeposit'));
    // A rolled-back insert takes its count with it.
    await expect(
      inTransaction(db(), async (tx) => {
        await tx.insertInto('review_items').values(item('withdrawal', 'pending')).execute();
        throw new Error('refused after the insert');
      }),
    ).rejects.toThrow('refused after the insert');
    now = await both();
    expect(now.kept).toEqual(now.counted);
  });

  it('stays exact under concurrent requests and decisions', async () => {
    const items = Array.from({ length: 60 }, (_, i) => item(i % 2 ? 'withdrawal' : 'manualAdjustment', 'pending'));
    await Promise.all(items.map((row) => inTransaction(db(), (tx) => tx.insertInto('review_items').values(row).execute())));
    await Promise.all(items.filter((_, i) => i % 3 === 0).map((row) => setStatus(row.id, i3(row.id))));
    const now = await both();
    expect(now.kept).toEqual(now.counted);
  });
  const i3 = (id: string) => (id.charCodeAt(0) % 2 ? 'approved' : 'rejected');

  it("is what the dashboard's queues show", async () => {
    const viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    const dashboard = await viewer.call<{ queues: Array<{ queue: string; waiting: number }> }>('dashboard');
    expect(dashboard.status).toBe(200);
    const { counted } = await both();
    for (const q of dashboard.data.queues) expect(q.waiting, q.queue).toBe(counted[q.queue] ?? 0);
    expect(dashboard.data.queues.some((q) => q.waiting > 0)).toBe(true);
  });
});
