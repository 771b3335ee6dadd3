// Proves a captured request replayed after a server restart is refused: the seen nonces live in
// the database (SQLite file, PostgreSQL table) or Redis, not in the process that saw them first.
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pp/contract';
import { mediaType } from '@pp/envelope';
import { sealRequest } from '@pp/envelope/node';
import { loadConfig } from '../config.ts';
import { buildApp, type BuiltApp } from '../app.ts';
import { openDb, type DbHandle } from '../db/index.ts';
import { serverStorage } from '../../test/process.ts';

type Store = 'sqlite' | 'postgres' | 'redis';
const stores: Store[] = ['sqlite'];
if (process.env.TEST_DATABASE_URL) stores.push('postgres');
if (process.env.TEST_REDIS_URL) stores.push('redis');

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Opens the same database every time it is called, as a restarted server process would. */
async function sameDatabase(store: Store): Promise<{ open: () => DbHandle; dataDir: string }> {
  const storage = await serverStorage(store === 'postgres' ? 'postgres' : 'sqlite', 'replay');
  cleanups.push(storage.cleanup);
  return { dataDir: storage.dataDir, open: () => openDb({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir }) };
}

async function start(store: Store, dataDir: string, dbHandle: DbHandle): Promise<BuiltApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    DATA_DIR: dataDir,
    DEMO_DATA: 'on',
    LOG_LEVEL: 'silent',
    ...(store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
  });
  const built = await buildApp(config, { dbHandle });
  await built.app.ready();
  return built;
}

async function send(built: BuiltApp, url: string, body: string) {
  const response = await built.app.inject({
    method: 'POST',
    url,
    remoteAddress: '10.9.8.7',
    headers: { 'content-type': mediaType, 'accept-language': 'en-US', 'x-login-type': 'USER' },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as { code: number; error?: string } };
}

describe.each(stores)('replay across a restart (%s)', (store) => {
  it('refuses the captured request after the restart and still serves new ones', async () => {
    const { open, dataDir } = await sameDatabase(store);
    const url = endpoints.login.path;
    // A member's login, as an eavesdropper would capture it: replaying it would open a session.
    const captured = sealRequest((await startAndKey(store, dataDir, open)).publicJwk, url, {
      userName: 'demo',
      password: 'Demo@12345',
      loginType: 'USER',
    });

    let handle = open();
    let app = await start(store, dataDir, handle);
    const first = await send(app, url, captured.body);
    expect(first).toMatchObject({ status: 200, body: { code: 20000 } });
    expect((await send(app, url, captured.body)).body.error).toBe('envelope.replayed');
    await app.app.close();
    await handle.close();

    handle = open();
    app = await start(store, dataDir, handle);
    const replayed = await send(app, url, captured.body);
    expect(replayed).toMatchObject({ status: 400, body: { code: 9001, error: 'envelope.replayed' } });
    const fresh = sealRequest(app.serverKey.publicJwk, url, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    expect((await send(app, url, fresh.body)).body.code).toBe(20000);
    await app.app.close();
    await handle.close();
  });
});

/** Starts once to make the server key (kept in the data directory), as the first process would. */
async function startAndKey(store: Store, dataDir: string, open: () => DbHandle) {
  const handle = open();
  const app = await start(store, dataDir, handle);
  const key = app.serverKey;
  await app.app.close();
  await handle.close();
  return key;
}
