// Faults survived (decision 036): Redis and the disk failing under a running server, for real.
// - Redis: a redis-server of the test's own on a free port is killed (calls answer 503 quickly,
//   /readyz names Redis), then started again empty: a request captured before the loss is
//   refused, and so is everything dated before the store's new start plus the few seconds a
//   request may be dated ahead (decision 086); when the window has passed (the server's clock is
//   moved, not waited for) money moves again.
// - SQLite: the database file may not grow (max_page_count, SQLite's own limit), another
//   connection holds the write lock past the busy timeout, and a real full disk (a small tmpfs,
//   where the machine lets the test mount one): 503, nothing half-applied, readiness says so,
//   and service comes back by itself.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pp/contract';
import { timeSkewMsMax } from '@pp/envelope';
import { sealRequest } from '@pp/envelope/node';
import { openDb } from './db/index.ts';
import { verifyLedger } from './modules/wallet/ledger/verify.ts';
import { dialects, login, makeTestApp, type TestApp } from '../test/helper.ts';
import { freePort, httpCall, startServerProcess, type ServerProcess } from '../test/process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hasRedisServer = fs.existsSync('/usr/bin/redis-server') || fs.existsSync('/usr/local/bin/redis-server');

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', os.tmpdir()], {
    stdio: 'ignore',
  });
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

function transferBody(): object {
  return {
    transferType: 'internalTransfer',
    toUserName: 'alice',
    coinName: 'USDT',
    amount: '1',
    transactionPassword: 'Demo@123456',
    requestId: `fault-${crypto.randomBytes(8).toString('hex')}`,
  };
}

async function timed<T>(work: Promise<T>): Promise<T & { ms: number }> {
  const started = Date.now();
  const result = await work;
  return { ...result, ms: Date.now() - started };
}

async function readyz(t: TestApp): Promise<{ status: number; checks: Record<string, string> }> {
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, checks: (res.json() as { checks: Record<string, string> }).checks };
}

async function expectBooksBalanced(t: TestApp, acknowledged: string[]): Promise<void> {
  const db = t.services.dbHandle.db;
  if (acknowledged.length > 0) {
    const rows = await db.selectFrom('member_transfers').select('id').where('id', 'in', acknowledged).execute();
    expect(new Set(rows.map((r) => r.id)).size).toBe(acknowledged.length);
  }
  expect((await verifyLedger(db)).problems).toEqual([]);
}

const report: string[] = [];
afterAll(() => {
  if (report.length > 0) console.log(`Redis and disk faults:\n  ${report.join('\n  ')}`);
});

describe.skipIf(!hasRedisServer).each(dialects)('Redis lost and back empty (database: %s)', (dialect) => {
  let redis: ChildProcess | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    redis?.kill('SIGKILL');
  });

  it('answers 503 while Redis is down, refuses a request captured before it came back empty, and serves again when the window has passed', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    let offsetMs = 0;
    const now = () => Date.now() + offsetMs;
    t = await makeTestApp(dialect, { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_COMMAND_TIMEOUT_MS: '500' }, { now });
    t.client.clock = now;
    // The first use of this Redis store with this database: no refusal window.
    t.client.token = await login(t, 'demo', 'Demo@12345');
    const acknowledged: string[] = [];
    const first = await t.client.call<{ id: string }>('transferCreate', transferBody());
    expect(first.code).toBe(20000);
    acknowledged.push(first.data.id);
    expect((await readyz(t)).status).toBe(200);
    // A request an attacker captured on the wire, answered once.
    const captured = sealRequest(t.serverKey.publicJwk, endpoints.assetsList.path, {}, { time: now() });
    expect((await t.client.send(endpoints.assetsList.path, captured)).code).toBe(20000);
    expect((await t.client.send(endpoints.assetsList.path, captured)).error).toBe('envelope.replayed');

    redis.kill('SIGKILL');
    await new Promise((r) => redis!.once('exit', r));
    const down = await timed(t.client.call('transferCreate', transferBody()));
    const downList = await timed(t.client.call('assetsList'));
    const downReady = await readyz(t);
    expect(down).toMatchObject({ status: 503, error: 'server.unavailable' });
    expect(downList).toMatchObject({ status: 503, error: 'server.unavailable' });
    expect(down.ms).toBeLessThan(3_000);
    expect(downReady.status).toBe(503);
    expect(downReady.checks.redis).toMatch(/^failed/);

    // Back, empty: it remembers none of the nonces it held.
    redis = await startRedis(port);
    const backAt = Date.now();
    let replay = await t.client.send(endpoints.assetsList.path, captured);
    for (let i = 0; i < 40 && replay.status === 503 && /unavailable/.test(replay.error ?? '') && (await readyz(t)).checks.redis?.startsWith('failed'); i++) {
      await sleep(100);
      replay = await t.client.send(endpoints.assetsList.path, captured);
    }
    expect(replay.code).not.toBe(20000);
    expect(replay).toMatchObject({ status: 503, error: 'server.unavailable' });
    const fresh = await t.client.call('assetsList');
    expect(fresh).toMatchObject({ status: 503, error: 'server.unavailable' });
    // Ready inside the refusal window: a client that dates its request past the line is served
    // (decision 086; replay-recovery.int.test.ts), so no process leaves rotation for it.
    const recovering = await readyz(t);
    expect(recovering.status).toBe(200);
    expect(recovering.checks.redis).toBe('ok');

    // The window is seconds long (decision 086): move the clock well past it.
    offsetMs = timeSkewMsMax + 6_000;
    const after = await t.client.call<{ id: string }>('transferCreate', transferBody());
    expect(after.code).toBe(20000);
    acknowledged.push(after.data.id);
    expect((await readyz(t)).status).toBe(200);
    // The captured request is now stale, never fresh.
    expect((await t.client.send(endpoints.assetsList.path, captured)).code).not.toBe(20000);
    await expectBooksBalanced(t, acknowledged);
    report.push(
      `${dialect}: Redis killed: transfer ${down.status} ${down.error} in ${down.ms} ms, assetsList ${downList.status} in ${downList.ms} ms, /readyz ${downReady.status} (${downReady.checks.redis}); ` +
        `back empty after ${Date.now() - backAt} ms of checks: captured request ${replay.status} ${replay.error}, /readyz ${recovering.status} (${recovering.checks.redis}); ` +
        `first transfer 20000 once the clock passed the window (${(timeSkewMsMax + 6_000) / 1000} s), without a restart`,
    );
  });
});

describe('SQLite: the database may not grow, is locked, or the disk is full', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('answers 503 when the database file cannot grow (max_page_count), changes nothing, and recovers when it can', async () => {
    const t = await makeTestApp('sqlite');
    apps.push(t);
    t.client.token = await login(t, 'demo', 'Demo@12345');
    const sqlite = t.services.dbHandle.sqlite!;
    const acknowledged: string[] = [];
    const pages = Number(sqlite.pragma('page_count', { simple: true }));
    sqlite.pragma(`max_page_count = ${pages}`);
    const answers: Array<{ status: number; error?: string; ms: number }> = [];
    try {
      for (let i = 0; i < 300 && !answers.some((a) => a.status === 503); i++) {
        const r = await timed(t.client.call<{ id: string }>('transferCreate', transferBody()));
        answers.push(r);
        if (r.code === 20000) acknowledged.push(r.data.id);
      }
      const full = answers.find((a) => a.status === 503);
      expect(full).toMatchObject({ status: 503, error: 'server.unavailable' });
      for (const a of answers) expect([200, 503]).toContain(a.status);
      const ready = await readyz(t);
      expect(ready.status).toBe(503);
      expect(ready.checks.disk).toBe('failed'); // the log says why: /readyz says only ok or failed
      await expectBooksBalanced(t, acknowledged);
      report.push(
        `SQLite max_page_count: ${answers.length - 1} transfers 20000, then ${full!.status} ${full!.error} in ${full!.ms} ms; /readyz ${ready.status} (${ready.checks.disk})`,
      );
    } finally {
      sqlite.pragma('max_page_count = 1073741823');
    }
    const freedAt = Date.now();
    let after = await t.client.call<{ id: string }>('transferCreate', transferBody());
    expect(after.code).toBe(20000);
    acknowledged.push(after.data.id);
    let ready = await readyz(t);
    while (ready.status !== 200 && Date.now() - freedAt < 10_000) {
      await sleep(250);
      ready = await readyz(t);
    }
    expect(ready.status).toBe(200);
    after = await t.client.call<{ id: string }>('transferCreate', transferBody());
    expect(after.code).toBe(20000);
    await expectBooksBalanced(t, acknowledged);
    report.push(`  freed: first transfer 20000 at once, /readyz 200 after ${Date.now() - freedAt} ms`);
  });

  it('answers 503 when another connection holds the write lock past the busy timeout', async () => {
    const t = await makeTestApp('sqlite', { SQLITE_BUSY_TIMEOUT_MS: '200' });
    apps.push(t);
    t.client.token = await login(t, 'demo', 'Demo@12345');
    const other = new SQLite(path.join(t.config.dataDir, 'portal.db'));
    other.exec('begin immediate');
    let locked;
    try {
      locked = await timed(t.client.call('transferCreate', transferBody()));
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect(locked).toMatchObject({ status: 503, error: 'server.unavailable' });
    const after = await t.client.call<{ id: string }>('transferCreate', transferBody());
    expect(after.code).toBe(20000);
    await expectBooksBalanced(t, [after.data.id]);
    report.push(`SQLite locked past busy_timeout 200 ms: ${locked.status} ${locked.error} in ${locked.ms} ms; next transfer 20000`);
  });
});

/** Root on Linux can mount a small tmpfs: a real disk that really fills. */
function canMountTmpfs(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-mount-probe-'));
  try {
    const mounted = spawnSyncOk('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]);
    if (mounted) spawnSyncOk('umount', [probe]);
    return mounted;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

function spawnSyncOk(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

describe.runIf(canMountTmpfs())('SQLite on a disk that really fills (a 64 MB tmpfs)', () => {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-full-disk-'));
  let server: ServerProcess | undefined;
  let isMounted = false;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    if (isMounted) spawnSyncOk('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  it('keeps the process alive, answers 503, reports not ready, and recovers when space is freed', async () => {
    isMounted = spawnSyncOk('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint]);
    expect(isMounted).toBe(true);
    const dataDir = path.join(mountPoint, 'data');
    const port = await freePort();
    server = await startServerProcess(port, { DATA_DIR: dataDir });
    const { key } = server;
    const session = await httpCall(port, key, endpoints.login.path, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    const token = session.data!.token as string;
    const acknowledged: string[] = [];
    const transfer = async () => {
      const started = Date.now();
      const r = await httpCall(port, key, endpoints.transferCreate.path, transferBody(), token);
      if (r.code === 20000) acknowledged.push(r.data!.id as string);
      return { ...r, ms: Date.now() - started };
    };
    expect((await transfer()).code).toBe(20000);
    // Fill what is left of the disk.
    const filler = path.join(mountPoint, 'filler');
    const fd = fs.openSync(filler, 'w');
    const chunk = Buffer.alloc(1024 * 1024);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    try {
      for (;;) fs.writeSync(fd, chunk.subarray(0, 4096));
    } catch {
      // every last block taken
    }
    fs.closeSync(fd);
    const answers: Array<Awaited<ReturnType<typeof transfer>>> = [];
    for (let i = 0; i < 200 && !answers.some((a) => a.status === 503); i++) answers.push(await transfer());
    const full = answers.find((a) => a.status === 503);
    const readyRes = await fetch(`http://127.0.0.1:${port}/readyz`);
    const ready = { status: readyRes.status, checks: ((await readyRes.json()) as { checks: Record<string, string> }).checks };
    expect(server.child.exitCode).toBeNull();
    expect(full).toMatchObject({ status: 503, error: 'server.unavailable' });
    for (const a of answers) expect([200, 503]).toContain(a.status);
    expect(ready.status).toBe(503);
    expect(ready.checks.disk).not.toBe('ok');

    fs.rmSync(filler);
    const freedAt = Date.now();
    let moved = await transfer();
    while (moved.code !== 20000 && Date.now() - freedAt < 15_000) {
      expect([200, 503]).toContain(moved.status);
      await sleep(200);
      moved = await transfer();
    }
    expect(moved.code).toBe(20000);
    const movedMs = Date.now() - freedAt;
    let readyAfter = 0;
    while (Date.now() - freedAt < 15_000) {
      readyAfter = (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
      if (readyAfter === 200) break;
      await sleep(250);
    }
    expect(readyAfter).toBe(200);
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    await server.exited;
    server = undefined;
    const handle = openDb({ databaseUrl: '', dataDir });
    try {
      const rows = await handle.db.selectFrom('member_transfers').select('id').where('id', 'in', acknowledged).execute();
      expect(new Set(rows.map((r) => r.id)).size).toBe(acknowledged.length);
      expect((await verifyLedger(handle.db)).problems).toEqual([]);
    } finally {
      await handle.close();
    }
    report.push(
      `SQLite on a full tmpfs: ${answers.length - 1} transfers 20000, then ${full!.status} ${full!.error} in ${full!.ms} ms; /readyz ${ready.status} (disk: ${ready.checks.disk}); ` +
        `space freed: transfer 20000 after ${movedMs} ms, /readyz 200 after ${Date.now() - freedAt} ms; ${acknowledged.length} acknowledged transfers in the ledger, balanced`,
    );
  }, 120_000);
});
