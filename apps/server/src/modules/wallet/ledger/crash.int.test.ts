// Proves durability: transfers through the HTTP API while the server is killed with SIGKILL
// mid-load, five times over; every transfer answered 20000 is in the ledger afterwards and the
// books verify.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pp/contract';
import { openDb, type Dialect } from '../../../db/index.ts';
import { verifyLedger } from './verify.ts';
import { dialects } from '../../../../test/helper.ts';
import { freePort, httpCall, serverStorage, startServerProcess, type ServerProcess } from '../../../../test/process.ts';

const rounds = 5;

describe.each(dialects)('crash safety on %s', (dialect: Dialect) => {
  let server: ServerProcess | undefined;
  let cleanup = async () => {};

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await cleanup();
  });

  it('keeps every answered transfer through repeated SIGKILLs', async () => {
    const storage = await serverStorage(dialect, 'crash');
    cleanup = storage.cleanup;
    const { dataDir, databaseUrl } = storage;
    const port = await freePort();
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    server = await startServerProcess(port, env);
    const session = await httpCall(port, server.key, endpoints.login.path, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    const token = session.data!.token as string;
    const answered: string[] = [];
    let sent = 0;
    for (let round = 1; round <= rounds; round++) {
      // A kill in the middle of transaction-password checks leaves their places held only until
      // the hold lease ends (decision 038), so no lock needs resetting between rounds.
      if (round > 1) server = await startServerProcess(port, env);
      const { key } = server;
      let isRunning = true;
      const worker = async () => {
        while (isRunning) {
          const requestId = `crash-${round}-${crypto.randomBytes(8).toString('hex')}`;
          sent++;
          try {
            const r = await httpCall(
              port,
              key,
              endpoints.transferCreate.path,
              { transferType: 'internalTransfer', toUserName: 'alice', coinName: 'USDT', amount: '1', transactionPassword: 'Demo@123456', requestId },
              token,
            );
            if (r.code === 20000 && r.data?.id) answered.push(r.data.id as string);
          } catch {
            // The server died under this request: it was not answered, so it promises nothing.
          }
        }
      };
      // Four at a time: a member may have five transaction passwords checked at once (decision 007).
      const workers = Array.from({ length: 4 }, worker);
      // Kill only once this round has answered something, however slow the machine is today.
      const answeredBefore = answered.length;
      const loadedBy = Date.now() + 60_000;
      while (answered.length === answeredBefore && Date.now() < loadedBy) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 800));
      server.child.kill('SIGKILL');
      isRunning = false;
      await Promise.all(workers);
      await server.exited;
    }
    expect(answered.length).toBeGreaterThanOrEqual(rounds);
    const handle = openDb({ databaseUrl, dataDir });
    try {
      const rows = await handle.db.selectFrom('member_transfers').select('id').where('id', 'in', answered).execute();
      expect(new Set(rows.map((r) => r.id)).size).toBe(answered.length);
      expect((await verifyLedger(handle.db)).problems).toEqual([]);
    } finally {
      await handle.close();
    }
    console.log(`crash test (${dialect}): ${rounds} kills, ${sent} requests sent, ${answered.length} answered 20000, all in the ledger`);
  }, 240_000);
});
