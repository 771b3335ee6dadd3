// Proves the chat across two real server processes on one PostgreSQL database: a message sent
// through process A reaches a WebSocket client of process B (LISTEN/NOTIFY), and a reply sent
// through B reaches the member's socket on A, with the history the same through both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGuardrails, generate } from 'otplib';
import { WebSocket } from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints, supportSocketPath } from '@pp/contract';
import { freePort, httpCall, pgSchema, startServerProcess, type ServerProcess } from '../../../../test/process.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

async function socket(port: number, token: string, loginType: 'USER' | 'STAFF') {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${supportSocketPath}`);
  const events: Array<Record<string, unknown>> = [];
  ws.on('message', (d) => events.push(JSON.parse(String(d))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ type: 'hello', token, loginType }));
  const waitFor = async (match: (e: Record<string, unknown>) => boolean) => {
    for (let i = 0; i < 100; i++) {
      if (events.some(match)) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };
  expect(await waitFor((e) => e.type === 'ready')).toBe(true);
  return { ws, events, waitFor };
}

describe.skipIf(!baseUrl)('support chat across two server processes on PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-chat-two-'));
  const servers: ServerProcess[] = [];
  let dropSchema = async () => {};
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropSchema();
  });

  it('a message sent through one process reaches a socket client of the other, both ways', async () => {
    const schema = await pgSchema(baseUrl!, 'chat');
    dropSchema = schema.drop;
    const env = { DATA_DIR: dataDir, DATABASE_URL: schema.url };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await startServerProcess(portA, env);
    servers.push(a);
    const b = await startServerProcess(portB, env);
    servers.push(b);
    const key = a.key;

    const login = await httpCall(portA, key, endpoints.login.path, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    expect(login.code).toBe(20000);
    const memberToken = login.data!.token as string;
    const step1 = await httpCall(
      portB,
      key,
      endpoints.staffLogin.path,
      { userName: 'admin', password: 'Admin@12345', loginType: 'STAFF' },
      undefined,
      undefined,
      'STAFF',
    );
    const code = await generate({ secret: 'JBSWY3DPEHPK3PXP', guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
    const step2 = await httpCall(portB, key, endpoints.staffTotpVerify.path, { challengeId: step1.data!.challengeId, code }, undefined, undefined, 'STAFF');
    expect(step2.code).toBe(20000);
    const staffToken = step2.data!.token as string;

    const staffOnB = await socket(portB, staffToken, 'STAFF');
    const memberOnA = await socket(portA, memberToken, 'USER');

    // Member → A; staff's socket on B hears it.
    const sent = await httpCall(
      portA,
      key,
      endpoints.supportSend.path,
      { requestId: `req_${crypto.randomUUID().replaceAll('-', '')}`, body: 'sent through A' },
      memberToken,
    );
    expect(sent.code).toBe(20000);
    const conversationId = sent.data!.conversationId as string;
    expect(await staffOnB.waitFor((e) => e.type === 'changed' && e.conversationId === conversationId)).toBe(true);
    const thread = await httpCall(portB, key, endpoints.supportStaffThread.path, { conversationId }, staffToken, undefined, 'STAFF');
    expect((thread.data!.messages as Array<{ body: string }>).map((m) => m.body)).toEqual(['sent through A']);

    // Staff → B; the member's socket on A hears it.
    const before = memberOnA.events.length;
    const reply = await httpCall(
      portB,
      key,
      endpoints.supportStaffSend.path,
      { conversationId, requestId: `req_${crypto.randomUUID().replaceAll('-', '')}`, body: 'answered through B' },
      staffToken,
      undefined,
      'STAFF',
    );
    expect(reply.code).toBe(20000);
    expect(await memberOnA.waitFor((e) => memberOnA.events.indexOf(e) >= before && e.type === 'changed' && e.conversationId === conversationId)).toBe(true);
    const memberThread = await httpCall(portA, key, endpoints.supportThread.path, {}, memberToken);
    expect((memberThread.data!.messages as Array<{ body: string }>).map((m) => m.body)).toEqual(['sent through A', 'answered through B']);
    expect(memberThread.data!.unread).toBe(1);
    staffOnB.ws.terminate();
    memberOnA.ws.terminate();
  });
});
