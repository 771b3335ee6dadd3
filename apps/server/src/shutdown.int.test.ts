// Proves graceful shutdown: SIGTERM while transfers stream in; the process finishes what it was
// doing and exits 0, every transfer answered 20000 is in the ledger, nothing answered is lost,
// and the books verify.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pp/contract';
import { openDb, type Dialect } from './db/index.ts';
import { verifyLedger } from './modules/wallet/ledger/verify.ts';
import { dialects } from '../test/helper.ts';
import { freePort, httpCall, serverStorage, startServerProcess, type ServerProcess } from '../test/process.ts';

describe.each(dialects)('graceful shutdown on %s', (dialect: Dialect) => {
  let server: ServerProcess | undefined;
  let cleanup = async () => {};

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await cleanup();
  });

  it('answers or refuses every request under SIGTERM and loses no answered one', async () => {
    const storage = await serverStorage(dialect, 'term');
    cleanup = storage.cleanup;
    const { dataDir, databaseUrl } = storage;
    const port = await freePort();
    server = await startServerProcess(port, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    const { key } = server;
    const session = await httpCall(port, key, endpoints.login.path, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    const token = session.data!.token as string;
    const answered: string[] = [];
    const outcomes = { ok: 0, refused503: 0, connectionFailed: 0, other: 0 };
    let isRunning = true;
    const worker = async () => {
      while (isRunning) {
        const requestId = `term-${crypto.randomBytes(8).toString('hex')}`;
        try {
          const r = await httpCall(
            port,
            key,
            endpoints.transferCreate.path,
            { transferType: 'internalTransfer', toUserName: 'alice', coinName: 'USDT', amount: '1', transactionPassword: 'Demo@123456', requestId },
            token,
          );
          if (r.code === 20000 && r.data?.id) {
            answered.push(r.data.id as string);
            outcomes.ok++;
          } else if (r.status === 503) outcomes.refused503++;
          else outcomes.other++;
        } catch {
          // Refused at the socket once the server stopped listening: not answered, nothing promised.
          outcomes.connectionFailed++;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    // Four at a time: a member may have five transaction passwords checked at once (decision 007).
    const workers = Array.from({ length: 4 }, worker);
    // Under load first (however slow this machine is today), then the signal.
    const loadedBy = Date.now() + 60_000;
    while (outcomes.ok < 5 && Date.now() < loadedBy) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    const okBeforeTerm = outcomes.ok;
    server.child.kill('SIGTERM');
    const exitCode = await server.exited;
    isRunning = false;
    await Promise.all(workers);

    expect(exitCode).toBe(0);
    expect(okBeforeTerm).toBeGreaterThanOrEqual(5);
    // Every answer was either a success or a clear refusal; no request got a wrong answer.
    expect(outcomes.other).toBe(0);
    const handle = openDb({ databaseUrl, dataDir });
    try {
      const rows = await handle.db.selectFrom('member_transfers').select('id').where('id', 'in', answered).execute();
      expect(new Set(rows.map((r) => r.id)).size).toBe(answered.length);
      expect((await verifyLedger(handle.db)).problems).toEqual([]);
    } finally {
      await handle.close();
    }
    console.log(`shutdown test (${dialect}): ${JSON.stringify(outcomes)}, exit ${exitCode}, every answered transfer in the ledger`);
  });
});
