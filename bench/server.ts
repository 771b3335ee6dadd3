/**
 * The server under benchmark, in its own process: the real app on a temporary SQLite database,
 * plus the same assetsList route registered again by the same apiRoute under /bench/plain, with
 * plain JSON in and out, so the envelope's cost is the only difference.
 * Prints one JSON line with its port, the demo token and the public key.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { apiRoute } from '../apps/server/src/plugins/api-route.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-'));
const config = loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: dataDir, DEMO_DATA: 'on', LOG_LEVEL: 'silent' });
const { app, services, serverKey } = await buildApp(config);

// The server reads no body but the envelope's; the plain baseline gets a JSON parser of its own,
// in a context of its own, so the product's API routes never have one.
await app.register(async (plain) => {
  plain.addContentTypeParser('application/json', { parseAs: 'string' }, plain.getDefaultJsonParser('error', 'error'));
  apiRoute(plain, services.routeDeps, 'assetsList', async ({ session }) => services.assets.list(session.userId), '/bench/plain');
});

// The server's own CPU time so far (user + system, µs): the bench reads it around each run, so the
// cost per request is measured apart from the load generator's share of the machine.
app.get('/bench/cpu', async () => {
  const { user, system } = process.cpuUsage();
  return { micros: user + system };
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const user = await services.accounts.repository.byName('demo');
const fakeRequest = { ip: '127.0.0.1', headers: {} } as Parameters<typeof services.sessions.create>[2];
const { token } = await services.sessions.create(user!.id, 'USER', fakeRequest);
process.stdout.write(`${JSON.stringify({ port, token, publicJwk: serverKey.publicJwk })}\n`);

process.on('SIGTERM', () => {
  void app.close().then(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
