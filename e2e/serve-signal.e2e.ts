// Proves that `npm run serve` (what `npm start` ends in) passes SIGTERM on to the server: npm's shell execs node, so the signal a process manager or `docker stop` sends to npm reaches the server, which shuts down cleanly and leaves no process behind (docs/operations.md).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { freePort, repoRoot } from './support/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('SIGTERM to `npm run serve` reaches the server: it shuts down cleanly and nothing is left running', async () => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-serve-'));
  const npm = spawn('npm', ['run', 'serve'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const npmExited = new Promise<number | null>((resolve) => npm.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))));
  let serverPid: number | undefined;
  try {
    for (let i = 0; i < 300 && serverPid === undefined; i++) {
      const listening = output.split('\n').find((line) => line.includes('Server listening'));
      if (listening) serverPid = (JSON.parse(listening) as { pid: number }).pid;
      else await sleep(100);
    }
    expect(serverPid, `the server did not start:\n${output}`).toBeTypeOf('number');
    expect(serverPid, 'the server runs in a process of its own, under npm').not.toBe(npm.pid);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    npm.kill('SIGTERM');
    await Promise.race([npmExited, sleep(20_000)]);
    for (let i = 0; i < 50 && isAlive(serverPid!); i++) await sleep(100);
    expect(isAlive(serverPid!), `the server (pid ${serverPid}) outlived npm:\n${output}`).toBe(false);
    expect(output).toContain('shutting down: finishing requests in flight');
    expect(output).toContain('shut down cleanly');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  } finally {
    if (serverPid !== undefined && isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
    if (npm.exitCode === null) npm.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
