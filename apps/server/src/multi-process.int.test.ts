// Proves two server processes on one PostgreSQL database share what they must: a request
// replayed to the other process is refused, a rate limit counted by one holds on the other, a
// setting staff change through one is what the other serves, and a logout through one ends the
// session on the other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGuardrails, generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pp/contract';
import { sealRequest } from '@pp/envelope/node';
import { freePort, httpCall, pgSchema, sendSealed, startServerProcess, type ServerProcess } from '../test/process.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('two server processes on one PostgreSQL database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-two-'));
  const servers: ServerProcess[] = [];
  let dropSchema = async () => {};
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropSchema();
  });

  it('shares replays, rate limits, configuration and logouts', async () => {
    const schema = await pgSchema(baseUrl!, 'two');
    dropSchema = schema.drop;
    // One data directory: both read the same envelope key, as processes given ENVELOPE_PRIVATE_KEY would.
    const env = { DATA_DIR: dataDir, DATABASE_URL: schema.url };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await startServerProcess(portA, env);
    servers.push(a);
    const b = await startServerProcess(portB, env);
    servers.push(b);
    expect(b.key).toEqual(a.key);
    const key = a.key;

    // A replay: the request A accepted is refused by B.
    const login = sealRequest(key, endpoints.login.path, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    const first = await sendSealed(portA, endpoints.login.path, login);
    expect(first.code).toBe(20000);
    const replayed = await sendSealed(portB, endpoints.login.path, login);
    expect(replayed).toMatchObject({ status: 400, error: 'envelope.replayed' });
    const token = first.data!.token as string;

    // A rate limit: one code a minute per address, counted by A, holds on B.
    const email = 'two-process@example.com';
    const sentA = await httpCall(portA, key, endpoints.noLoginSend.path, { email, purpose: 'REGISTER' });
    expect(sentA.code).toBe(20000);
    const sentB = await httpCall(portB, key, endpoints.noLoginSend.path, { email, purpose: 'REGISTER' });
    expect(sentB.error).toBe('code.tooFrequent');

    // A setting changed by staff through A is what B serves to a member.
    const staffStep1 = await httpCall(portA, key, endpoints.staffLogin.path, { userName: 'admin', password: 'Admin@12345', loginType: 'STAFF' }, undefined, undefined, 'STAFF');
    expect(staffStep1.code).toBe(20000);
    const code = await generate({ secret: 'JBSWY3DPEHPK3PXP', guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
    const staffStep2 = await httpCall(portA, key, endpoints.staffTotpVerify.path, { challengeId: staffStep1.data!.challengeId, code }, undefined, undefined, 'STAFF');
    expect(staffStep2.code).toBe(20000);
    const staffToken = staffStep2.data!.token as string;
    const before = await httpCall(portB, key, endpoints.transferConfig.path, {}, token);
    const minimum = before.data!.minimum === '7' ? '8' : '7';
    const changed = await httpCall(portA, key, endpoints.configUpdate.path, { key: 'transfer.minimumAmount', value: minimum, reason: 'two-process test' }, staffToken, undefined, 'STAFF');
    expect(changed.code).toBe(20000);
    expect((await httpCall(portB, key, endpoints.transferConfig.path, {}, token)).data!.minimum).toBe(minimum);

    // A logout through B ends the session A also serves.
    expect((await httpCall(portA, key, endpoints.userInfo.path, {}, token)).code).toBe(20000);
    expect((await httpCall(portB, key, endpoints.logout.path, {}, token)).code).toBe(20000);
    expect((await httpCall(portA, key, endpoints.userInfo.path, {}, token))).toMatchObject({ status: 401, code: 87321 });
  });
});
