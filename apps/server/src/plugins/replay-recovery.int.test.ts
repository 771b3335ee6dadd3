// The nonce store on Redis forgetting, and its health checked rather than assumed (decisions 086
// and 087), each against a redis-server of the test's own on a free port:
// - started again empty: a client of the package (the kit's transport) is served again within
//   seconds, sign-in included, by dating its request past the refusal line the 503 names; a
//   request captured before the loss, dated now or as far ahead as the server takes, stays refused;
// - gone back in time (the marker kept, its write count and a nonce older): the same;
// - maxmemory-policy allkeys-lru: not ready, with the reason in the log and in the check's words;
//   noeviction: ready; memory near maxmemory: reported while still ready.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '@pp/client';
import { endpoints } from '@pp/contract';
import { timeAheadMsMax } from '@pp/envelope';
import { sealRequest } from '@pp/envelope/node';
import { dialects, makeTestApp, type TestApp } from '../../test/helper.ts';
import { freePort } from '../../test/process.ts';
import { readiness } from './operations.ts';
import { RedisReplayStore, recoveryWindowMs } from './replay-guard.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hasRedisServer = fs.existsSync('/usr/bin/redis-server') || fs.existsSync('/usr/local/bin/redis-server');

async function startRedis(port: number, policy = 'noeviction'): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', os.tmpdir(), '--maxmemory-policy', policy];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return child;
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** Calls until one is served; the time from `since` to that answer. */
async function firstServed(work: () => Promise<boolean>, since: number, limitMs = 20_000): Promise<number> {
  while (Date.now() - since < limitMs) {
    if (await work().catch(() => false)) return Date.now() - since;
    await sleep(50);
  }
  throw new Error(`not served within ${limitMs} ms`);
}

const report: string[] = [];
afterAll(() => {
  if (report.length > 0) console.log(`Nonce store recovery and health:\n  ${report.join('\n  ')}`);
});

describe.skipIf(!hasRedisServer).each(dialects)('Redis forgets its nonces (database: %s)', (dialect) => {
  let redis: ChildProcess | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    await stopRedis(redis);
  });

  it('back empty: fresh calls, sign-in included, are served within 10 s; captured requests stay refused', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    t = await makeTestApp(dialect, { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_COMMAND_TIMEOUT_MS: '500' });
    const baseUrl = await listen(t);
    const member = createClient({ baseUrl, retries: 0 });
    await member.signIn({ userName: 'demo', password: 'Demo@12345' });
    expect((await member.call('assetsList', {})).ok).toBe(true);

    // Two requests an attacker captured on the wire, each answered once: one dated now, one dated
    // as far ahead of the server's clock as it takes.
    t.client.token = member.token;
    const path = endpoints.assetsList.path;
    const capturedNow = sealRequest(t.serverKey.publicJwk, path, {}, { time: Date.now() });
    const capturedAhead = sealRequest(t.serverKey.publicJwk, path, {}, { time: Date.now() + timeAheadMsMax - 300 });
    for (const captured of [capturedNow, capturedAhead]) {
      expect((await t.client.send(path, captured)).code).toBe(20000);
      expect((await t.client.send(path, captured)).error).toBe('envelope.replayed');
    }

    await stopRedis(redis);
    redis = await startRedis(port);
    const backAt = Date.now();

    // A client that does not re-date (sealed with its own clock) is told the line and the time.
    let plain = await t.client.call('assetsList');
    while (plain.status === 503 && plain.params?.refuseBefore === undefined && Date.now() - backAt < 5_000) {
      await sleep(50);
      plain = await t.client.call('assetsList');
    }
    expect(plain).toMatchObject({ status: 503, error: 'server.unavailable' });
    const { refuseBefore, serverTime } = plain.params as { refuseBefore: number; serverTime: number };
    expect(refuseBefore - serverTime).toBeGreaterThan(0);
    expect(refuseBefore - serverTime).toBeLessThanOrEqual(recoveryWindowMs);

    // The package's client (what the portal and the back office send through) dates its request
    // past the line and seals it again at once: a new sign-in and a read are served in seconds.
    const newcomer = createClient({ baseUrl, retries: 0 });
    const signInMs = await firstServed(async () => {
      await newcomer.signIn({ userName: 'demo', password: 'Demo@12345' });
      return true;
    }, backAt);
    const readMs = await firstServed(async () => (await member.call('assetsList', {})).ok, backAt);
    expect(signInMs).toBeLessThan(10_000);
    expect(readMs).toBeLessThan(10_000);
    // Ready all along the window: re-dated requests are served, so no process leaves rotation.
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // The captured requests: refused inside the window, and after it.
    const inWindow = [await t.client.send(path, capturedNow), await t.client.send(path, capturedAhead)];
    for (const answer of inWindow) expect(answer).toMatchObject({ status: 503, error: 'server.unavailable' });
    await sleep(Math.max(0, refuseBefore - Date.now() + 200));
    const afterWindow = [await t.client.send(path, capturedNow), await t.client.send(path, capturedAhead)];
    for (const answer of afterWindow) expect(answer.code).not.toBe(20000);
    // A client that never re-dates is served again by itself once the window has passed.
    expect((await t.client.call('assetsList')).code).toBe(20000);

    report.push(
      `${dialect}: back empty: plain client told refuseBefore = server time + ${refuseBefore - serverTime} ms; ` +
        `re-dating client: sign-in served ${signInMs} ms and a read ${readMs} ms after Redis was back; ` +
        `captured (now, +${timeAheadMsMax - 300} ms): ${inWindow.map((a) => a.status).join(', ')} in the window, ${afterWindow.map((a) => `${a.status} ${a.error}`).join(', ')} after`,
    );
  });

  it('gone back in time (an older snapshot): the write count tells, and a captured request stays refused', async () => {
    const port = new URL(t!.config.redisUrl).port;
    const baseUrl = `http://127.0.0.1:${(t!.app.server.address() as net.AddressInfo).port}`;
    const member = createClient({ baseUrl, retries: 0 });
    await member.signIn({ userName: 'demo', password: 'Demo@12345' });
    t!.client.token = member.token;
    const path = endpoints.assetsList.path;
    const captured = sealRequest(t!.serverKey.publicJwk, path, {}, { time: Date.now() });
    expect((await t!.client.send(path, captured)).code).toBe(20000);
    for (let i = 0; i < 3; i++) expect((await member.call('assetsList', {})).ok).toBe(true);

    // What loading a snapshot taken a moment ago does: the marker is there, as it was then; the
    // nonces written since, and the count of them, are not.
    const direct = new Redis(`redis://127.0.0.1:${port}`);
    await direct.hset('pp:nonce:mark', 'gen', '1');
    await direct.del(`pp:nonce:${captured.nonce}`);
    await direct.quit();

    const replay = await t!.client.send(path, captured);
    expect(replay).toMatchObject({ status: 503, error: 'server.unavailable' });
    const since = Date.now();
    const readMs = await firstServed(async () => (await member.call('assetsList', {})).ok, since);
    expect(readMs).toBeLessThan(10_000);
    expect((await t!.client.send(path, captured)).code).not.toBe(20000);
    report.push(`${dialect}: gone back in time: captured request ${replay.status} ${replay.error}; re-dating client served after ${readMs} ms`);
  });
});

describe.skipIf(!hasRedisServer)('Redis health checked, not assumed', () => {
  let redis: ChildProcess | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    await stopRedis(redis);
  });

  it('allkeys-lru: not ready with the reason; noeviction: ready; memory near maxmemory: reported', async () => {
    const port = await freePort();
    redis = await startRedis(port, 'allkeys-lru');
    const lines: string[] = [];
    t = await makeTestApp('sqlite', { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    const store = new RedisReplayStore(`redis://127.0.0.1:${port}`, 'pp:nonce:', { hasMark: async () => false, saveMark: async () => {} });
    try {
      // The start log: one line that says why this process will not become ready.
      for (let i = 0; i < 40 && !lines.some((l) => l.includes('maxmemory-policy')); i++) await sleep(50);
      const startLine = lines.find((l) => l.includes('maxmemory-policy'));
      expect(startLine).toMatch(/maxmemory-policy is allkeys-lru, not noeviction: this process will not become ready/);
      expect(JSON.parse(startLine!).level).toBe(50);

      const notReady = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(notReady.statusCode).toBe(503);
      expect((notReady.json() as { checks: Record<string, string> }).checks.redis).toBe('failed');
      const words = await readiness(t.services.dbHandle, undefined, { replayStore: store });
      expect(words.checks.redis).toMatch(/^misconfigured: maxmemory-policy is allkeys-lru; the nonce store needs noeviction/);

      const direct = new Redis(`redis://127.0.0.1:${port}`);
      try {
        await direct.config('SET', 'maxmemory-policy', 'noeviction');
        const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(200);
        expect((await store.inspect()).line).toMatch(/^replay store: Redis [\d.]+, maxmemory-policy noeviction, maxmemory 0 \(no limit\), persistence none/);

        // Memory near the limit: reported before writes fail, without leaving rotation.
        const used = Number(/used_memory:(\d+)/.exec(await direct.info('memory'))![1]);
        await direct.config('SET', 'maxmemory', String(Math.ceil(used * 1.04)));
        const near = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(near.statusCode).toBe(200);
        expect((near.json() as { checks: Record<string, string> }).checks.redisMemory).toBe('failed');
        const nearWords = await readiness(t.services.dbHandle, undefined, { replayStore: store });
        expect(nearWords.checks.redisMemory).toMatch(/^near full: \d+% of maxmemory/);
        await direct.config('SET', 'maxmemory', '0');
        expect(((await t.app.inject({ method: 'GET', url: '/readyz' })).json() as { checks: Record<string, string> }).checks.redisMemory).toBe('ok');
        report.push(
          `allkeys-lru: /readyz ${notReady.statusCode} (${words.checks.redis}); noeviction: /readyz ${ready.statusCode}; near full: ${nearWords.checks.redisMemory}`,
        );
      } finally {
        await direct.quit();
      }
    } finally {
      await store.close();
    }
  });
});
