// Proves `npm run backup` takes a consistent copy of the SQLite database while transfers stream
// in, and `npm run restore` puts it back: the restored ledger balances and holds every transfer
// answered before the backup began.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pp/contract';
import { openDb } from './db/index.ts';
import { verifyLedger } from './modules/wallet/ledger/index.ts';
import { freePort, httpCall, startServerProcess, type ServerProcess } from '../test/process.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const cli = ['--import', 'tsx', 'apps/server/src/backup-cli.ts'];

describe('SQLite backup and restore', () => {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-backup-'));
  let server: ServerProcess | undefined;
  afterAll(() => {
    server?.child.kill('SIGKILL');
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it('backs up under write load, restores, and the ledger verifies', async () => {
    const dataDir = path.join(tempDir, 'live');
    const port = await freePort();
    server = await startServerProcess(port, { DATA_DIR: dataDir, DATABASE_URL: '' });
    const { key } = server;
    const session = await httpCall(port, key, endpoints.login.path, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    const token = session.data!.token as string;
    const answered: Array<{ id: string; at: number }> = [];
    let isRunning = true;
    const worker = async () => {
      while (isRunning) {
        const r = await httpCall(
          port,
          key,
          endpoints.transferCreate.path,
          {
            transferType: 'internalTransfer',
            toUserName: 'alice',
            coinName: 'USDT',
            amount: '1',
            transactionPassword: 'Demo@123456',
            requestId: `bk-${crypto.randomBytes(8).toString('hex')}`,
          },
          token,
        );
        if (r.code === 20000) answered.push({ id: r.data!.id as string, at: Date.now() });
      }
    };
    // A database of about 40 MB, copied under the writes below: SQLite's online backup API (used
    // before) started its copy again after every write from another connection (this test took
    // 38 s with it, 13 s with VACUUM INTO); the copy must still be whole and consistent.
    const filler = new SQLite(path.join(dataDir, 'portal.db'));
    filler.pragma('busy_timeout = 5000');
    filler.exec('create table backup_filler (b blob not null)');
    filler
      .prepare('with recursive n(i) as (select 1 union all select i + 1 from n where i < 10000) insert into backup_filler select randomblob(4000) from n')
      .run();
    filler.close();
    const workers = Array.from({ length: 4 }, worker);
    await new Promise((r) => setTimeout(r, 800));

    const backupFile = path.join(tempDir, 'copy.db');
    const backupStartedAt = Date.now();
    const backup = await run(process.execPath, [...cli, 'backup', '--out', backupFile], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      timeout: 90_000,
    });
    expect(backup.stdout).toContain(`written to ${backupFile}`);
    await new Promise((r) => setTimeout(r, 500));
    isRunning = false;
    await Promise.all(workers);
    server.child.kill('SIGTERM');
    await server.exited;
    const answeredBefore = answered.filter((a) => a.at < backupStartedAt).map((a) => a.id);
    expect(answeredBefore.length).toBeGreaterThan(0);
    // Writes went on during and after the backup, so the live database has more than the copy.
    expect(answered.length).toBeGreaterThan(answeredBefore.length);

    const restoredDir = path.join(tempDir, 'restored');
    const restore = await run(process.execPath, [...cli, 'restore', '--from', backupFile], {
      cwd: root,
      env: { ...process.env, DATA_DIR: restoredDir, DATABASE_URL: '' },
    });
    expect(restore.stdout).toMatch(/ledger balanced: \d+ accounts, \d+ transfers/);

    const handle = openDb({ databaseUrl: '', dataDir: restoredDir });
    try {
      const rows = await handle.db.selectFrom('member_transfers').select('id').where('id', 'in', answeredBefore).execute();
      expect(rows.length).toBe(answeredBefore.length);
      const check = await verifyLedger(handle.db);
      expect(check.problems).toEqual([]);
      console.log(
        `backup test: ${answered.length} transfers answered, ${answeredBefore.length} before the backup began, all in the restored copy; ${check.transfers} transfers verified`,
      );
    } finally {
      await handle.close();
    }
  });

  it('leaves no copy behind when the backup fails part way (a damaged page of the database)', async () => {
    const damagedDir = path.join(tempDir, 'damaged');
    fs.mkdirSync(damagedDir, { recursive: true });
    const file = path.join(damagedDir, 'portal.db');
    const db = new SQLite(file);
    db.exec('create table kysely_migration (name text primary key, timestamp text not null)');
    db.exec("insert into kysely_migration values ('001', 'now')");
    db.exec('create table filler (b blob not null)');
    db.prepare('with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000) insert into filler select randomblob(3000) from n').run();
    db.close();
    // Garbage over pages in the middle of the table: VACUUM INTO reads up to them, then fails.
    const size = fs.statSync(file).size;
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(4096 * 8, 0x5a), 0, 4096 * 8, Math.floor(size / 2 / 4096) * 4096);
    fs.closeSync(fd);
    const target = path.join(tempDir, 'damaged-copy.db');
    await expect(
      run(process.execPath, [...cli, 'backup', '--out', target], { cwd: root, env: { ...process.env, DATA_DIR: damagedDir, DATABASE_URL: '' } }),
    ).rejects.toThrow(/malformed|corrupt|integrity/i);
    expect(fs.readdirSync(tempDir).filter((f) => f.startsWith('damaged-copy'))).toEqual([]);
  });

  it('refuses to restore a file that is not a portal database', async () => {
    const junk = path.join(tempDir, 'junk.db');
    fs.writeFileSync(junk, 'not a database at all');
    await expect(
      run(process.execPath, [...cli, 'restore', '--from', junk], {
        cwd: root,
        env: { ...process.env, DATA_DIR: path.join(tempDir, 'other'), DATABASE_URL: '' },
      }),
    ).rejects.toThrow();
    expect(fs.existsSync(path.join(tempDir, 'other', 'portal.db'))).toBe(false);
  });
});
