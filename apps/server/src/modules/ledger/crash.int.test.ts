// Proves durability: transfers through the HTTP API while the server is killed with SIGKILL
// mid-load, five times over; every transfer answered 20000 is in the ledger afterwards and the
// books verify.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pp/contract';
import { mediaType, type PublicJwk } from '@pp/envelope';
import { openResponse, sealRequest } from '@pp/envelope/node';
import { openDb, type Dialect } from '../../db/index.ts';
import { verifyLedger } from './verify.ts';
import { dialects } from '../../../test/helper.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const rounds = 5;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

describe.each(dialects)('crash safety on %s', (dialect: Dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-crash-'));
  const schema = `crash_${crypto.randomBytes(5).toString('hex')}`;
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  const databaseUrl = dialect === 'postgres' ? `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` : '';
  let child: ChildProcess | undefined;

  afterAll(async () => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    }
  });

  async function start(port: number): Promise<PublicJwk> {
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, CAPTCHA: 'off', NODE_ENV: 'test', DEMO_DATA: 'on', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 300; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/envelope-key.json`);
        if (res.ok) return (await res.json()) as PublicJwk;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  async function call(port: number, key: PublicJwk, pathName: string, body: object, token?: string) {
    const sealed = sealRequest(key, pathName, body);
    const res = await fetch(`http://127.0.0.1:${port}${pathName}`, {
      method: 'POST',
      headers: { 'content-type': mediaType, 'x-login-type': 'USER', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: sealed.body,
    });
    const json = (await res.json()) as { code: number; data: string | null };
    return { code: json.code, data: typeof json.data === 'string' ? (openResponse(sealed.cek, sealed.nonce, json.data) as { id?: string; token?: string }) : null };
  }

  it('keeps every answered transfer through repeated SIGKILLs', async () => {
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`create schema ${schema}`);
      await c.end();
    }
    const port = await freePort();
    let key = await start(port);
    const session = await call(port, key, endpoints.login.path, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    const token = session.data!.token!;
    const answered: string[] = [];
    let sent = 0;
    for (let round = 1; round <= rounds; round++) {
      if (round > 1) key = await start(port);
      let isRunning = true;
      const worker = async () => {
        while (isRunning) {
          const requestId = `crash-${round}-${crypto.randomBytes(8).toString('hex')}`;
          sent++;
          try {
            const r = await call(port, key, endpoints.transferCreate.path, { transferType: 'internalTransfer', toUserName: 'alice', coinName: 'USDT', amount: '1', transactionPassword: 'Demo@123456', requestId }, token);
            if (r.code === 20000 && r.data?.id) answered.push(r.data.id);
          } catch {
            // The server died under this request: it was not answered, so it promises nothing.
          }
        }
      };
      const workers = Array.from({ length: 6 }, worker);
      await new Promise((r) => setTimeout(r, 700 + Math.random() * 800));
      child!.kill('SIGKILL');
      isRunning = false;
      await Promise.all(workers);
      await new Promise((r) => child!.exitCode !== null || child!.signalCode !== null ? r(null) : child!.once('exit', r));
    }
    expect(answered.length).toBeGreaterThan(rounds);
    const handle = openDb({ databaseUrl, dataDir });
    try {
      const rows = await handle.db.selectFrom('member_transfers').select('id').where('id', 'in', answered).execute();
      expect(new Set(rows.map((r) => r.id)).size).toBe(answered.length);
      expect((await verifyLedger(handle.db)).problems).toEqual([]);
    } finally {
      await handle.close();
    }
    console.log(`crash test (${dialect}): ${rounds} kills, ${sent} requests sent, ${answered.length} answered 20000, all in the ledger`);
  });
});
