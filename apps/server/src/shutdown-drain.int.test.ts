// A clean drain on SIGTERM (decision 085): a keep-alive connection whose request is still coming
// in when the signal arrives gets its answer with Connection: close, and the process exits 0 as
// soon as that answer is out, not after the 15 s grace with exit 1. A request that arrives during
// the drain is the app's own 503 server.unavailable with Retry-After, not Fastify's bare one.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaType } from '@pp/envelope';
import { endpoints } from '@pp/contract';
import type { Dialect } from './db/index.ts';
import { dialects, makeTestApp, type TestApp } from '../test/helper.ts';
import { freePort, serverStorage, startServerProcess, type ServerProcess } from '../test/process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dialects)('the drain on %s', (dialect: Dialect) => {
  let server: ServerProcess | undefined;
  let t: TestApp | undefined;
  let cleanup = async () => {};

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await t?.close();
    await cleanup();
  });

  it('answers a request in flight on a keep-alive connection with Connection: close and exits 0 at once', async () => {
    const storage = await serverStorage(dialect, 'drain');
    cleanup = storage.cleanup;
    const port = await freePort();
    server = await startServerProcess(port, { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl });
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let received = '';
    socket.on('data', (d: string) => (received += d));
    socket.on('error', () => {});
    let closedAt = 0;
    socket.once('close', () => (closedAt = Date.now()));
    await new Promise((resolve) => socket.once('connect', resolve));
    // First a whole request on the connection, kept alive.
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    for (let i = 0; i < 100 && !received.includes('"ok"'); i++) await sleep(20);
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received.toLowerCase()).toContain('connection: keep-alive');
    received = '';
    // Then a second one whose body is still coming when the signal arrives.
    const body = 'x'.repeat(64);
    socket.write(
      `POST ${endpoints.login.path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${mediaType}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(200);
    server.child.kill('SIGTERM');
    await sleep(500);
    const lastByteAt = Date.now();
    socket.write(body.slice(10));
    const exitCode = await Promise.race([server.exited, sleep(20_000).then(() => 'still running' as const)]);
    const tookMs = Date.now() - lastByteAt;
    console.log(
      `${dialect}: answer in the drain: ${received.split('\r\n')[0]}, connection header "${/connection: ([^\r]*)/i.exec(received)?.[1]}", ` +
        `socket closed ${closedAt ? closedAt - lastByteAt : 'never'} ms and process exit ${exitCode} ${tookMs} ms after the last byte`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 400/);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(exitCode).toBe(0);
    expect(tookMs).toBeLessThan(5_000);
  }, 90_000);

  it("refuses a request that arrives during the drain with the app's server.unavailable and Retry-After", async () => {
    t = await makeTestApp(dialect);
    t.app.startDrain();
    const res = await t.app.inject({ method: 'POST', url: endpoints.login.path, headers: { 'content-type': mediaType }, payload: 'x' });
    console.log(`${dialect}: during the drain: ${res.statusCode} ${res.body} retry-after ${res.headers['retry-after']}`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'server.unavailable', data: null });
    expect(res.headers['retry-after']).toBe('2');
    expect(res.headers.connection).toBe('close');
  });
});
