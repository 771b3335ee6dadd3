// Proves the live support chat through the real envelope on each database: history kept and
// paged, messages waiting for a side that was away, unread counts on both sides, assignment
// (audited), an image attachment through the upload checks, the socket's push, and hostile input
// (oversized, markup, someone else's conversation or file, unknown ids) answered without a 500;
// the socket refuses other origins before the upgrade and logs a refused frame without a stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { supportLimits, supportSocketPath, type SupportMessage, type UploadInfo } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import * as files from '../../../../test/upload-files.ts';

type Thread = { conversationId: string | null; messages: SupportMessage[]; olderCursor: string | null; unread: number };
type Entry = {
  id: string;
  memberUserName: string;
  assignedStaffId: string | null;
  assignedStaffName: string | null;
  staffUnread: number;
  lastMessagePreview: string;
};
const rid = () => `req_${crypto.randomUUID().replaceAll('-', '')}`;
const xss = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';

describe.each(dialects)('support chat on %s', (dialect) => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let support: TestClient;
  let viewer: TestClient;
  /** The app's log lines, parsed. */
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    t = await makeTestApp(dialect, { LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logLines.push(JSON.parse(line) as Record<string, unknown>) } });
    await registerMember(t, 'chatalice');
    await registerMember(t, 'chatbob');
    alice = new TestClient(t.app, t.serverKey.publicJwk);
    alice.token = await login({ ...t, client: alice }, 'chatalice', 'Passw0rd!x');
    bob = new TestClient(t.app, t.serverKey.publicJwk);
    bob.token = await login({ ...t, client: bob }, 'chatbob', 'Passw0rd!x');
    support = await staffClient(t, 'support', 'Support@12345');
    support.loginType = 'STAFF';
    viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    viewer.loginType = 'STAFF';
  });
  afterAll(async () => t.close());

  it('keeps history, delivers what was sent while the other side was away, and counts unread on both sides', async () => {
    expect((await alice.call<Thread>('supportThread', {})).data).toEqual({ conversationId: null, messages: [], olderCursor: null, unread: 0 });
    // Staff are "away": the member writes twice.
    const first = await alice.call<{ conversationId: string; message: SupportMessage }>('supportSend', { requestId: rid(), body: 'Hello, my deposit is late' });
    expect(first.code, first.message).toBe(20000);
    await alice.call('supportSend', { requestId: rid(), body: 'Receipt number 123' });
    const conversationId = first.data.conversationId;

    const inbox = await support.call<{ list: Entry[]; unreadTotal: number }>('supportInbox', { filter: 'all' });
    expect(inbox.code, inbox.message).toBe(20000);
    const entry = inbox.data.list.find((e) => e.id === conversationId)!;
    expect(entry).toMatchObject({ memberUserName: 'chatalice', staffUnread: 2, lastMessagePreview: 'Receipt number 123', assignedStaffId: null });
    expect(inbox.data.unreadTotal).toBeGreaterThanOrEqual(2);

    const staffThread = await support.call<Thread>('supportStaffThread', { conversationId });
    expect(staffThread.data.messages.map((m) => m.body)).toEqual(['Hello, my deposit is late', 'Receipt number 123']);
    expect((await support.call('supportStaffRead', { conversationId })).code).toBe(20000);
    expect((await support.call<{ list: Entry[] }>('supportInbox', { filter: 'all' })).data.list.find((e) => e.id === conversationId)!.staffUnread).toBe(0);

    // The member is "away": staff answer; the member finds it, unread, when they come back.
    const reply = await support.call<{ message: SupportMessage }>('supportStaffSend', { conversationId, requestId: rid(), body: 'We are checking it now' });
    expect(reply.code, reply.message).toBe(20000);
    expect(reply.data.message).toMatchObject({ author: 'staff', staffName: 'support' });
    expect((await alice.call<{ unread: number }>('supportUnread')).data.unread).toBe(1);
    const back = await alice.call<Thread>('supportThread', {});
    expect(back.data.messages.map((m) => [m.author, m.body])).toEqual([
      ['member', 'Hello, my deposit is late'],
      ['member', 'Receipt number 123'],
      ['staff', 'We are checking it now'],
    ]);
    expect(back.data.unread).toBe(1);
    await alice.call('supportRead');
    expect((await alice.call<{ unread: number }>('supportUnread')).data.unread).toBe(0);
  });

  it('stores a retried send once and pages long histories', async () => {
    const requestId = rid();
    const a = await bob.call<{ message: SupportMessage }>('supportSend', { requestId, body: 'once' });
    const b = await bob.call<{ message: SupportMessage }>('supportSend', { requestId, body: 'once' });
    expect(b.data.message.id).toBe(a.data.message.id);
    // A page of history: bypass the per-minute ceiling by writing rows directly.
    const conv = await t.services.dbHandle.db
      .selectFrom('support_conversations')
      .select('id')
      .where('member_id', '=', (await t.services.dbHandle.db.selectFrom('users').select('id').where('user_name', '=', 'chatbob').executeTakeFirstOrThrow()).id)
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: supportLimits.pageSizeMax + 5 }, (_, i) => ({
      id: `old-${String(i).padStart(3, '0')}`,
      conversation_id: conv.id,
      author: 'member',
      staff_id: null,
      body: `old ${i}`,
      upload_id: null,
      request_id: `old-${i}`,
      created_at: BigInt(1_000_000 + i),
    }));
    await t.services.dbHandle.db.insertInto('support_messages').values(rows).execute();
    const page1 = await bob.call<Thread>('supportThread', {});
    expect(page1.data.messages).toHaveLength(supportLimits.pageSizeMax);
    expect(page1.data.messages.at(-1)!.body).toBe('once');
    const page2 = await bob.call<Thread>('supportThread', { before: page1.data.olderCursor });
    expect(page2.data.messages.map((m) => m.body)).toEqual(['old 0', 'old 1', 'old 2', 'old 3', 'old 4', 'old 5'].slice(0, page2.data.messages.length));
    expect(page2.data.olderCursor).toBeNull();
  });

  it('assigns a conversation to a staff member, audited; only staff who may chat', async () => {
    const conversationId = (await alice.call<Thread>('supportThread', {})).data.conversationId!;
    const agents = await support.call<Array<{ id: string; userName: string }>>('supportAgents');
    const me = agents.data.find((a) => a.userName === 'support')!;
    expect(agents.data.map((a) => a.userName)).not.toContain('viewer');
    const assigned = await support.call<Entry>('supportAssign', { conversationId, staffId: me.id });
    expect(assigned.data).toMatchObject({ assignedStaffId: me.id, assignedStaffName: 'support' });
    const mine = await support.call<{ list: Entry[] }>('supportInbox', { filter: 'mine' });
    expect(mine.data.list.map((e) => e.id)).toContain(conversationId);
    const unassigned = await support.call<{ list: Entry[] }>('supportInbox', { filter: 'unassigned' });
    expect(unassigned.data.list.map((e) => e.id)).not.toContain(conversationId);
    const audit = await t.services.dbHandle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'support.assign')
      .where('target_id', '=', conversationId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_name).toBe('support');
    // A viewer may not chat, a member may not call staff endpoints, an unknown staff id is refused.
    expect((await viewer.call('supportInbox', { filter: 'all' })).error).toBe('auth.forbidden');
    expect((await support.call('supportAssign', { conversationId, staffId: crypto.randomUUID() })).error).toBe('staff.notFound');
    expect((await alice.call('supportInbox', { filter: 'all' })).status).toBe(401);
  });

  it("takes an image through the upload checks and refuses a PDF, another member's file and markup in names", async () => {
    const png = await files.plainPng(64, 64);
    const up = await alice.call<UploadInfo>('uploadCreate', { fileName: `a${'"><img src=x onerror=alert(1)>'}.png`, content: png.toString('base64') });
    expect(up.code, up.message).toBe(20000);
    expect(up.data.fileName).not.toMatch(/[<>"]/);
    const sent = await alice.call<{ message: SupportMessage }>('supportSend', { requestId: rid(), body: '', uploadId: up.data.id });
    expect(sent.code, sent.message).toBe(20000);
    expect(sent.data.message.attachment).toMatchObject({ id: up.data.id, mimeType: 'image/png' });
    // Staff see it and can open it.
    const conversationId = (await alice.call<Thread>('supportThread', {})).data.conversationId!;
    const staffView = await support.call<Thread>('supportStaffThread', { conversationId });
    expect(staffView.data.messages.at(-1)!.attachment!.id).toBe(up.data.id);
    expect((await support.call('staffUploadFile', { id: up.data.id })).code).toBe(20000);
    // Bob cannot attach Alice's file.
    expect((await bob.call('supportSend', { requestId: rid(), body: 'x', uploadId: up.data.id })).error).toBe('upload.notFound');
    const pdf = await bob.call<UploadInfo>('uploadCreate', { fileName: 'statement.pdf', content: files.cleanPdf().toString('base64') });
    expect(pdf.code, pdf.message).toBe(20000);
    expect((await bob.call('supportSend', { requestId: rid(), body: '', uploadId: pdf.data.id })).error).toBe('support.notImage');
    // A chat image is not removed by the unused-upload cleanup.
    await t.services.uploads.removeUnused(0, Date.now() + 1000);
    expect(await t.services.uploads.row(up.data.id)).toBeDefined();
  });

  it('answers hostile input with a refusal, never a 500', async () => {
    const conversationId = (await alice.call<Thread>('supportThread', {})).data.conversationId!;
    const over = await alice.call('supportSend', { requestId: rid(), body: 'x'.repeat(supportLimits.messageCharsMax + 1) });
    expect(over).toMatchObject({ error: 'request.invalid', validation: 'validation.messageTooLong' });
    expect((await alice.call('supportSend', { requestId: rid(), body: '   ' })).error).toBe('request.invalid');
    expect((await alice.call('supportSend', { requestId: 'short', body: 'x' })).error).toBe('request.invalid');
    expect((await alice.call('supportSend', { requestId: rid(), body: 'x', uploadId: '../../etc/passwd' })).error).toBe('request.invalid');
    expect((await alice.call('supportThread', { before: "1' or 1=1 --" })).error).toBe('request.invalid');
    expect((await alice.call('supportThread', { before: '99999999999999999999:x' })).error).toBe('request.invalid');
    // Markup is kept as text (the apps render it as text); control characters are dropped.
    const marked = await alice.call<{ message: SupportMessage }>('supportSend', { requestId: rid(), body: `${xss}\u0007\u202e` });
    expect(marked.code, marked.message).toBe(20000);
    expect(marked.data.message.body).toBe(xss);
    expect((await alice.call('supportSend', { requestId: rid(), body: 'nul\u0000byte' })).error).toBe('request.invalid');
    // Wrong or someone else's conversation: unknown to staff endpoints; members have no id to pass.
    for (const id of [crypto.randomUUID(), 'nope', conversationId + 'x']) {
      const r = await support.call('supportStaffThread', { conversationId: id });
      expect([r.status, r.error]).toEqual([200, 'support.notFound']);
      expect((await support.call('supportStaffSend', { conversationId: id, requestId: rid(), body: 'x' })).error).toBe('support.notFound');
    }
    expect((await support.call('supportStaffThread', { conversationId: '<script>' })).error).toBe('request.invalid');
    expect((await bob.call<Thread>('supportThread', {})).data.messages.some((m) => m.body.includes('deposit is late'))).toBe(false);
    expect((await bob.call('supportThread', { conversationId })).code).toBe(20000);
  });

  it('limits messages per member per minute, counted in the database', async () => {
    await registerMember(t, 'chatflood');
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, 'chatflood', 'Passw0rd!x');
    for (let i = 0; i < supportLimits.memberMessagesPerMinuteMax; i++)
      expect((await c.call('supportSend', { requestId: rid(), body: `m${i}` })).code).toBe(20000);
    const refused = await c.call('supportSend', { requestId: rid(), body: 'one too many' });
    expect(refused.error).toBe('rate.limited');
    const stored = await t.services.dbHandle.db.selectFrom('rate_limits').selectAll().execute();
    expect(stored.some((r) => Object.values(r).some((v) => String(v).startsWith('support:')))).toBe(true);
  });

  it('pushes "changed" over the socket to the member and to staff after a hello, and refuses a bad hello', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as import('node:net').AddressInfo;
    const open = async () => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${supportSocketPath}`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      return ws;
    };
    const next = (ws: import('ws').WebSocket) => new Promise<Record<string, unknown>>((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    const closed = (ws: import('ws').WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const memberWs = await open();
    memberWs.send(JSON.stringify({ type: 'hello', token: alice.token, loginType: 'USER' }));
    expect(await next(memberWs)).toEqual({ type: 'ready' });
    const staffWs = await open();
    staffWs.send(JSON.stringify({ type: 'hello', token: support.token, loginType: 'STAFF' }));
    expect(await next(staffWs)).toEqual({ type: 'ready' });
    const bobWs = await open();
    bobWs.send(JSON.stringify({ type: 'hello', token: bob.token, loginType: 'USER' }));
    expect(await next(bobWs)).toEqual({ type: 'ready' });
    let bobHeard = false;
    bobWs.on('message', () => (bobHeard = true));

    const staffHears = next(staffWs);
    const sent = await alice.call<{ conversationId: string }>('supportSend', { requestId: rid(), body: 'over the socket' });
    expect(await staffHears).toEqual({ type: 'changed', conversationId: sent.data.conversationId });
    const memberHears = next(memberWs);
    await support.call('supportStaffSend', { conversationId: sent.data.conversationId, requestId: rid(), body: 'heard you' });
    expect(await memberHears).toEqual({ type: 'changed', conversationId: sent.data.conversationId });
    await new Promise((r) => setTimeout(r, 100));
    expect(bobHeard).toBe(false);

    // A viewer (no support.chat), a member token sent as staff, garbage: denied and closed.
    for (const hello of [
      { type: 'hello', token: viewer.token, loginType: 'STAFF' },
      { type: 'hello', token: alice.token, loginType: 'STAFF' },
      { nope: 1 },
      'x'.repeat(500),
    ]) {
      const ws = await open();
      const done = closed(ws);
      ws.send(typeof hello === 'string' ? hello : JSON.stringify(hello));
      expect(await done).toBe(4401);
    }
    // A frame above the ceiling closes the socket.
    const big = await open();
    const bigClosed = closed(big);
    big.send('x'.repeat(supportLimits.socketFrameBytesMax + 10));
    expect(await bigClosed).toBe(1009);
    for (const ws of [memberWs, staffWs, bobWs]) ws.terminate();
  });

  it('refuses a socket opened by another origin before the upgrade, and logs a frame above the ceiling as a refused client message', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as import('node:net').AddressInfo;
    const url = `ws://127.0.0.1:${port}${supportSocketPath}`;
    /** The handshake's HTTP status: 101 when upgraded. */
    const handshake = (origin?: string) =>
      new Promise<{ status: number; ws: WebSocket }>((resolve, reject) => {
        const ws = new WebSocket(url, origin === undefined ? {} : { origin });
        ws.once('unexpected-response', (request, response) => {
          resolve({ status: response.statusCode ?? 0, ws });
          request.destroy();
        });
        ws.once('open', () => resolve({ status: 101, ws }));
        ws.on('error', reject);
      });
    const next = (ws: WebSocket) => new Promise<Record<string, unknown>>((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    const hello = JSON.stringify({ type: 'hello', token: alice.token, loginType: 'USER' });

    // Another site, a sandboxed frame or file ("null"), another port, a look-alike host, an extension: refused, never upgraded.
    for (const origin of [
      'https://evil.example',
      'null',
      `http://127.0.0.1:${port === 65535 ? 1 : port + 1}`,
      `http://127.0.0.1.evil.example:${port}`,
      'chrome-extension://abcdef',
    ]) {
      const { status, ws } = await handshake(origin);
      expect(status, origin).toBe(403);
      expect(ws.readyState, origin).not.toBe(WebSocket.OPEN);
    }
    expect(logLines.some((l) => l.msg === 'support socket: other origin refused' && l.origin === 'https://evil.example' && l.level === 30)).toBe(true);
    // The page's own origin, and a client that sends no Origin (not a browser; decided in docs/support.md): the hello decides.
    for (const origin of [`http://127.0.0.1:${port}`, undefined]) {
      const { status, ws } = await handshake(origin);
      expect(status, String(origin)).toBe(101);
      const ready = next(ws);
      ws.send(hello);
      expect(await ready).toEqual({ type: 'ready' });
      ws.terminate();
    }

    // A 5 KB hello: closed with 1009 and logged as the client's refused message, at warn, without a stack or a path.
    const from = logLines.length;
    const { ws: big } = await handshake(`http://127.0.0.1:${port}`);
    const bigClosed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)));
    big.send(JSON.stringify({ type: 'hello', token: 'x'.repeat(5 * 1024), loginType: 'USER' }));
    expect(await bigClosed).toBe(1009);
    await expect.poll(() => logLines.slice(from).some((l) => l.msg === 'support socket: refused client message')).toBe(true);
    const entries = logLines.slice(from);
    expect(entries.find((l) => l.msg === 'support socket: refused client message')).toMatchObject({ level: 40, wsError: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
    expect(entries.filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(JSON.stringify(entries)).not.toMatch(/"stack"|node_modules|\.ts:\d/);
    expect(JSON.stringify(entries)).not.toContain(process.cwd());
  });
});
