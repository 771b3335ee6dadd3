// Proves the support socket's limits on what a stranger can hold before saying who it is: a few
// sockets per address waiting for their hello, each closed after a short wait without one; and
// that Origin is checked strictly against PUBLIC_ORIGIN, whatever the Host header says.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { supportSocketPath } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, type TestApp } from '../../../../test/helper.ts';
import { helloTimeoutMs, waitingPerAddressMax } from './socket.ts';

const publicOrigin = 'https://portal.example';

describe.each(dialects)('support socket limits on %s', (dialect) => {
  let t: TestApp;
  let url = '';
  let token = '';

  beforeAll(async () => {
    t = await makeTestApp(dialect, { PUBLIC_ORIGIN: publicOrigin });
    await registerMember(t, 'sockalice');
    token = await login(t, 'sockalice', 'Passw0rd!x');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${supportSocketPath}`;
  });
  afterAll(async () => t.close());

  /** Opens a socket and resolves with it once upgraded, or with the HTTP status it was refused with. */
  const open = (headers: Record<string, string> = {}) =>
    new Promise<{ status: number; ws: WebSocket }>((resolve, reject) => {
      const ws = new WebSocket(url, { origin: publicOrigin, headers });
      ws.once('unexpected-response', (request, response) => {
        resolve({ status: response.statusCode ?? 0, ws });
        request.destroy();
      });
      ws.once('open', () => resolve({ status: 101, ws }));
      ws.on('error', reject);
    });
  const closeCode = (ws: WebSocket) =>
    new Promise<number>((resolve) => (ws.readyState === WebSocket.CLOSED ? resolve(-1) : ws.once('close', (code) => resolve(code))));

  it('keeps only a few sockets per address waiting for their hello, and closes each after a short wait', async () => {
    const opened = await Promise.all(Array.from({ length: 60 }, () => open()));
    const closes = opened.map(({ ws }) => closeCode(ws));
    await new Promise((r) => setTimeout(r, 300));
    const stillOpen = opened.filter(({ ws }) => ws.readyState === WebSocket.OPEN).length;
    console.log(`60 sockets from one address without a hello: ${stillOpen} still open after 300 ms`);
    expect(stillOpen).toBeLessThanOrEqual(waitingPerAddressMax);
    const started = Date.now();
    const codes = await Promise.all(closes);
    const waitedMs = Date.now() - started + 300;
    console.log(`the last waiting socket closed after ${waitedMs} ms; codes ${[...new Set(codes)].join(', ')}`);
    expect(waitedMs).toBeLessThan(helloTimeoutMs + 1_500);
    expect(codes.filter((c) => c === 4401).length).toBeGreaterThan(0);

    // The place is free again: a socket that says hello at once is served.
    const { ws } = await open();
    const ready = new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    ws.send(JSON.stringify({ type: 'hello', token, loginType: 'USER' }));
    expect(await ready).toEqual({ type: 'ready' });
    ws.terminate();
  });

  it('accepts only PUBLIC_ORIGIN, whatever the Host header names', async () => {
    const foreign = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(url, { origin: 'https://evil.example', headers: { host: 'evil.example' } });
      ws.once('unexpected-response', (request, response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      ws.once('open', () => {
        ws.terminate();
        resolve(101);
      });
      ws.on('error', reject);
    });
    console.log(`Origin https://evil.example with Host evil.example: ${foreign}`);
    expect(foreign).toBe(403);
    // The configured origin is the page's, even when the proxy sent another Host.
    const own = await open({ host: 'internal:8080' });
    expect(own.status).toBe(101);
    own.ws.terminate();
  });
});
