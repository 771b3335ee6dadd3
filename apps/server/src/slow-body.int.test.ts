// Bounded sockets (decision 084): a body trickled in a byte at a time is answered 408 and closed
// at REQUEST_TIMEOUT_MS, a connection that never sends a byte is closed at HEADERS_TIMEOUT_MS,
// and one address holds at most CONNECTIONS_PER_ADDRESS connections. Before, such sockets stayed
// open for as long as the client liked (2,000 of them past 100 s).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaType } from '@pp/envelope';
import { endpoints } from '@pp/contract';
import { freePort, startServerProcess, type ServerProcess } from '../test/process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('slow and idle sockets against a real server process', () => {
  let server: ServerProcess | undefined;
  afterAll(() => {
    server?.child.kill('SIGKILL');
  });

  it('closes a trickled body, a silent connection and the connections above the per-address cap', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-slow-'));
    const port = await freePort();
    server = await startServerProcess(port, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REQUEST_TIMEOUT_MS: '3000',
      HEADERS_TIMEOUT_MS: '1500',
      CONNECTIONS_PER_ADDRESS: '20',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
    });
    // The start-up probe's keep-alive connection closes first, so the count below is ours alone.
    await sleep(2_000);
    const startedAt = Date.now();
    type Watched = { socket: net.Socket; closedAt: number | null; answer: string };
    const open = (onConnect: (s: net.Socket) => void): Watched => {
      const socket = net.connect(port, '127.0.0.1');
      const watched: Watched = { socket, closedAt: null, answer: '' };
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (watched.answer += d));
      socket.on('error', () => {});
      socket.once('close', () => (watched.closedAt = Date.now() - startedAt));
      socket.once('connect', () => onConnect(socket));
      return watched;
    };
    const timers: NodeJS.Timeout[] = [];
    // Ten slow bodies: the headers at once, then one byte of the body every 500 ms.
    const slow = Array.from({ length: 10 }, () =>
      open((socket) => {
        socket.write(`POST ${endpoints.login.path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${mediaType}\r\nContent-Length: 1000\r\n\r\n`);
        timers.push(setInterval(() => socket.writable && socket.write('a'), 500));
      }),
    );
    // One that never sends a byte.
    const silent = [open(() => {})];
    await sleep(300);
    // Twenty more from the same address: the cap (20) leaves room for nine of them.
    const extra = Array.from({ length: 20 }, () => open(() => {}));
    await sleep(6_000);
    for (const timer of timers) clearInterval(timer);
    const closedSlow = slow.filter((w) => w.closedAt !== null);
    const refused = extra.filter((w) => w.closedAt !== null && w.closedAt < 1_000);
    console.log(
      `slow bodies closed: ${closedSlow.length}/10 at ${closedSlow.map((w) => w.closedAt).join(',')} ms, answered ${slow[0]!.answer.split('\r\n')[0]}; ` +
        `silent closed at ${silent[0]!.closedAt} ms; refused over the cap: ${refused.length}/20`,
    );
    expect(closedSlow.length).toBe(10);
    expect(slow.every((w) => w.answer.startsWith('HTTP/1.1 408'))).toBe(true);
    expect(silent[0]!.closedAt).not.toBeNull();
    expect(refused.length).toBe(11);
    for (const w of [...slow, ...silent, ...extra]) w.socket.destroy();
    // The server still serves.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 90_000);
});
