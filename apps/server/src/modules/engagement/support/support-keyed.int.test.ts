// Proves the keyed chat sends, supportSend and supportStaffSend, are done once per requestId: 8
// identical sends at once store one message, count it unread once and get 8 equal answers, none a
// 5xx; a retry gets the first answer; the same id with another text is refused and stores nothing.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupportMessage } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { raceEight } from '../../../../test/race.ts';

type Sent = { conversationId: string; message: SupportMessage };

describe.each(dialects)('keyed support sends on %s', (dialect) => {
  let t: TestApp;
  let member: TestClient;
  let support: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const { userName, password } = await registerMember(t, `kchat${crypto.randomInt(1e6)}`);
    member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, userName, password);
    support = await staffClient(t, 'support', 'Support@12345');
  });
  afterAll(async () => t.close());

  const db = () => t.services.dbHandle.db;
  const messages = async (conversationId: string) =>
    (await db().selectFrom('support_messages').select('id').where('conversation_id', '=', conversationId).execute()).length;
  const unread = async (conversationId: string) => {
    const row = await db()
      .selectFrom('support_conversations')
      .select(['member_unread', 'staff_unread'])
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    return { member: Number(row.member_unread), staff: Number(row.staff_unread) };
  };

  it('supportSend: one message for racing sends (the first of the conversation) and a retry; refuses a reuse', async () => {
    const requestId = crypto.randomUUID();
    const body = { requestId, body: 'My deposit has not arrived' };
    const first = await raceEight('supportSend', () => member.call<Sent>('supportSend', body));
    expect(first.code, first.message).toBe(20000);
    expect(first.data.message).toMatchObject({ author: 'member', body: body.body });
    const { conversationId } = first.data;
    expect(await messages(conversationId)).toBe(1);
    expect((await unread(conversationId)).staff).toBe(1);

    const retry = await member.call<Sent>('supportSend', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await messages(conversationId)).toBe(1);

    const reused = await member.call('supportSend', { ...body, body: 'Another question' });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect(await messages(conversationId)).toBe(1);
    expect((await unread(conversationId)).staff).toBe(1);
  });

  it('supportStaffSend: one reply for racing sends and a retry; refuses a reuse', async () => {
    const opened = await member.call<Sent>('supportSend', { body: 'Is anyone there?' });
    expect(opened.code, opened.message).toBe(20000);
    const { conversationId } = opened.data;
    const before = await messages(conversationId);
    const requestId = crypto.randomUUID();
    const body = { requestId, conversationId, body: 'We are checking it now' };
    const first = await raceEight('supportStaffSend', () => support.call<Sent>('supportStaffSend', body));
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toMatchObject({ conversationId, message: { author: 'staff', staffName: 'support', body: body.body } });
    expect(await messages(conversationId)).toBe(before + 1);
    expect((await unread(conversationId)).member).toBe(1);

    const retry = await support.call<Sent>('supportStaffSend', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await messages(conversationId)).toBe(before + 1);

    const reused = await support.call('supportStaffSend', { ...body, body: 'Another answer' });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect(await messages(conversationId)).toBe(before + 1);
    expect((await unread(conversationId)).member).toBe(1);
  });
});
