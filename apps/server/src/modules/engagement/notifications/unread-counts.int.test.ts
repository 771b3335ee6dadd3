// A member's unread count kept with the notifications (migration 043, decision 058): every kind of
// write to notifications (a notice, a batch of notices, reading one, reading all, unreading, a move
// to another member, a delete, a rolled-back notice, concurrent notices and reads) leaves the kept
// count equal to a count of the unread rows, and notificationUnread answers the kept count.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLimits } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { notify, notifyMany } from './notify.ts';

describe.each(dialects)('unread notification counts on %s', (dialect) => {
  let t: TestApp;
  let member: TestClient;
  let a: string;
  let b: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await registerMember(t, 'unreada');
    await registerMember(t, 'unreadb');
    member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, 'unreada', 'Passw0rd!x');
    a = (await t.services.accounts.repository.byName('unreada'))!.id;
    b = (await t.services.accounts.repository.byName('unreadb'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.services.dbHandle.db;
  /** The kept count and a count of the unread rows, for each of the two members. */
  const both = async () => {
    const kept = Object.fromEntries(
      (await db().selectFrom('notification_unread').select(['member_id', 'unread']).where('member_id', 'in', [a, b]).execute()).map((r) => [
        r.member_id,
        Number(r.unread),
      ]),
    );
    const rows = await db()
      .selectFrom('notifications')
      .select(['member_id', (eb) => eb.fn.countAll<bigint | number>().as('n')])
      .where('member_id', 'in', [a, b])
      .where('is_read', '=', 0)
      .groupBy('member_id')
      .execute();
    const counted = Object.fromEntries(rows.map((r) => [r.member_id, Number(r.n)]));
    return { kept: { [a]: kept[a] ?? 0, [b]: kept[b] ?? 0 }, counted: { [a]: counted[a] ?? 0, [b]: counted[b] ?? 0 } };
  };
  const unread = async () => {
    const answer = await member.call<{ count: number }>('notificationUnread');
    expect(answer.code, answer.message).toBe(20000);
    return answer.data.count;
  };
  const ids = async (memberId: string, isRead: 0 | 1) =>
    (await db().selectFrom('notifications').select('id').where('member_id', '=', memberId).where('is_read', '=', isRead).execute()).map((r) => r.id);

  it('follows every kind of write to the notifications', async () => {
    expect(await both()).toMatchObject({ kept: { [a]: 0, [b]: 0 } });
    await notify(db(), a, 'gradeChanged', { grade: 2 });
    await notifyMany(db(), [
      { memberId: a, type: 'gradeChanged', params: { grade: 3 } },
      { memberId: b, type: 'gradeChanged', params: { grade: 3 } },
      { memberId: a, type: 'gradeChanged', params: { grade: 4 } },
    ]);
    // A notice stored already read adds nothing.
    await db()
      .insertInto('notifications')
      .values({ id: crypto.randomUUID(), member_id: a, type: 'gradeChanged', params: '{}', is_read: 1, created_at: Date.now(), read_at: Date.now() })
      .execute();
    let now = await both();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept).toEqual({ [a]: 3, [b]: 1 });
    expect(await unread()).toBe(3);

    // Reading one, through the API; reading it again changes nothing.
    const first = (await ids(a, 0))[0]!;
    expect((await member.call('notificationRead', { id: first })).code).toBe(20000);
    expect((await member.call('notificationRead', { id: first })).code).toBe(20000);
    expect(await unread()).toBe(2);
    // Unreading one (no path does, but the count must follow any update), and moving one to b.
    await db().updateTable('notifications').set({ is_read: 0, read_at: null }).where('id', '=', first).execute();
    const moved = (await ids(a, 0))[1]!;
    await db().updateTable('notifications').set({ member_id: b }).where('id', '=', moved).execute();
    now = await both();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept).toEqual({ [a]: 2, [b]: 2 });
    // A read notification moved, then a delete of an unread one and of a read one.
    await db()
      .updateTable('notifications')
      .set({ member_id: b })
      .where('id', 'in', await ids(a, 1))
      .execute();
    await db().deleteFrom('notifications').where('id', '=', moved).execute();
    await db()
      .deleteFrom('notifications')
      .where('id', 'in', await ids(b, 1))
      .execute();
    now = await both();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept).toEqual({ [a]: 2, [b]: 1 });

    // A notice in a transaction that fails takes its count with it.
    await expect(
      inTransaction(db(), async (tx) => {
        await notify(tx, a, 'gradeChanged', { grade: 5 });
        throw new Error('refused after the notice');
      }),
    ).rejects.toThrow('refused after the notice');
    now = await both();
    expect(now.kept).toEqual(now.counted);
    expect(await unread()).toBe(2);

    // Reading all, through the API.
    expect((await member.call<{ count: number }>('notificationReadAll')).data.count).toBe(2);
    now = await both();
    expect(now.kept).toEqual({ [a]: 0, [b]: 1 });
    expect(now.kept).toEqual(now.counted);
    expect(await unread()).toBe(0);
  });

  it('stays exact under concurrent notices and reads', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 4 === 3
          ? member.call('notificationReadAll')
          : inTransaction(db(), (tx) =>
              notifyMany(tx, [
                { memberId: i % 2 ? a : b, type: 'gradeChanged', params: { grade: i } },
                { memberId: i % 2 ? b : a, type: 'gradeChanged', params: { grade: i } },
              ]),
            ),
      ),
    );
    const now = await both();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept[b]).toBeGreaterThan(0);
    expect(await unread()).toBe(now.counted[a]);
  });

  it('answers the kept count, shown up to the ceiling', async () => {
    // The answer is the kept row, not a count of the notifications: a row set aside from them shows.
    await db().updateTable('notification_unread').set({ unread: 7 }).where('member_id', '=', a).execute();
    expect(await unread()).toBe(7);
    await db()
      .updateTable('notification_unread')
      .set({ unread: contentLimits.unreadCountMax + 5 })
      .where('member_id', '=', a)
      .execute();
    expect(await unread()).toBe(contentLimits.unreadCountMax);
    await db().updateTable('notification_unread').set({ unread: -1 }).where('member_id', '=', a).execute();
    expect(await unread()).toBe(0);
    // Put back as counted, for the record.
    const { counted } = await both();
    await db().updateTable('notification_unread').set({ unread: counted[a]! }).where('member_id', '=', a).execute();
  });
});
