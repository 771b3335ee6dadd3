// Proves that idle connections do not hold a shutdown: with support sockets that said hello (one
// of them from a client that stopped reading), an idle keep-alive HTTP connection and a connection
// that never sent a request open, SIGTERM ends the process with exit 0 within a few
// seconds (not the 15 s drain and exit 1), and the socket is told the server is going away (1001).
import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { endpoints, supportSocketPath } from '@pp/contract';
import type { Dialect } from './db/index.ts';
import { dialects } from '../test/helper.ts';
import { freePort, httpCall, serverStorage, startServerProcess, type ServerProcess } from '../test/process.ts';

describe.each(dialects)('shutdown with idle connections on %s', (dialect: Dialect) => {
  let server: ServerProcess | undefined;
  let cleanup = async () => {};
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    agent.destroy();
    await cleanup();
  });

  it('closes an idle support socket and an idle keep-alive connection and exits 0 at once', async () => {
    const storage = await serverStorage(dialect, 'idle');
    cleanup = storage.cleanup;
    const port = await freePort();
    server = await startServerProcess(port, { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl });
    const session = await httpCall(port, server.key, endpoints.login.path, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    const token = session.data!.token as string;

    // A support socket that said hello and now only waits for pushes.
    const ws = new WebSocket(`ws://127.0.0.1:${port}${supportSocketPath}`, { origin: `http://127.0.0.1:${port}` });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const ready = new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    ws.send(JSON.stringify({ type: 'hello', token, loginType: 'USER' }));
    expect(await ready).toEqual({ type: 'ready' });
    const wsClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    // And one whose client stopped reading (a frozen tab, a phone asleep): it never answers a close frame.
    const frozen = new WebSocket(`ws://127.0.0.1:${port}${supportSocketPath}`, { origin: `http://127.0.0.1:${port}` });
    await new Promise((resolve, reject) => frozen.once('open', resolve).once('error', reject));
    const frozenReady = new Promise((resolve) => frozen.once('message', (d) => resolve(JSON.parse(String(d)))));
    frozen.send(JSON.stringify({ type: 'hello', token, loginType: 'USER' }));
    expect(await frozenReady).toEqual({ type: 'ready' });
    (frozen as unknown as { _socket: net.Socket })._socket.pause();
    // A connection opened ahead of need (a browser's preconnect) that never sent a request.
    const preconnect = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => preconnect.once('connect', resolve));

    // A keep-alive connection that answered one request and stays open, idle.
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
        })
        .once('error', reject);
    });
    expect(status).toBe(200);
    expect(Object.values(agent.freeSockets).flat().length).toBe(1);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const exitCode = await Promise.race([server.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 20_000))]);
    const tookMs = Date.now() - signalledAt;
    const closeCode = await Promise.race([wsClosed, new Promise<string>((r) => setTimeout(() => r('open'), 1_000))]);
    console.log(
      `${dialect}: SIGTERM with an idle support socket and keep-alive connection: exit ${exitCode} after ${tookMs} ms; socket closed with ${closeCode}`,
    );
    expect(exitCode).toBe(0);
    expect(tookMs).toBeLessThan(5_000);
    expect(closeCode).toBe(1001);
    frozen.terminate();
    preconnect.destroy();
  }, 60_000);
});
