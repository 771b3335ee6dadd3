/**
 * The real server as a child process for the browser tests: a free port, a fresh data
 * directory (so every test file starts from the demo data only), no image captcha, and a
 * private copy of the built member app. The apps must be built first (`npm run build`;
 * `npm run test:e2e` does it).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far (for failure messages). */
  output: () => string;
  /** Ends the server process (SIGTERM, then SIGKILL) and keeps the data directory for reading. */
  halt: () => Promise<void>;
  /** Ends the server process and removes its temporary directory with the data. */
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('no port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Files under assets/ that index.html loads: all must be there for the page to start. `base` is
 * the URL path the app is served under ("/" for the member app, "/admin/" for the back-office).
 */
function missingAssets(distDir: string, base = '/'): string[] | null {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return null;
  const html = fs.readFileSync(index, 'utf8');
  const pattern = new RegExp(`(?:src|href)="${base.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(assets/[^"]+)"`, 'g');
  const referenced = [...html.matchAll(pattern)].map((m) => m[1]!);
  return referenced.filter((file) => !fs.existsSync(path.join(distDir, file)));
}

/**
 * A private copy of a built app for one server (apps/web/dist by default). The server reads
 * index.html once at start, so a rebuild while a test file runs (another terminal, another
 * engineer) would otherwise leave it pointing at deleted files. The copy is byte for byte the
 * build, compressed files included. A WEB_DIST_DIR (ADMIN_DIST_DIR) given by the caller is used
 * as it is.
 */
async function snapshotWebDist(target: string, app: 'web' | 'admin' = 'web'): Promise<void> {
  const source = path.join(repoRoot, 'apps', app, 'dist');
  const base = app === 'web' ? '/' : '/admin/';
  for (let attempt = 1; ; attempt++) {
    const before = missingAssets(source, base);
    if (before && before.length === 0) {
      fs.rmSync(target, { recursive: true, force: true });
      fs.cpSync(source, target, { recursive: true });
      const after = missingAssets(target, base);
      if (after && after.length === 0) return;
    }
    if (attempt >= 10) {
      throw new Error(
        before === null
          ? `${source}/index.html is missing: run \`npm run build\` before the e2e tests`
          : `the build in ${source} is incomplete (missing ${JSON.stringify(before)}): is a build running? Run \`npm run build\` again`,
      );
    }
    // A build may be under way: wait for it to finish.
    await sleep(1000);
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, ms);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  // The compiled server, as production runs it (`npm run build` makes it; test:e2e builds first).
  const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(serverMain)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const port = await freePort();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-e2e-'));
  const dataDir = path.join(tempDir, 'data');
  fs.mkdirSync(dataDir);
  const givenDist = extraEnv.WEB_DIST_DIR ?? process.env.WEB_DIST_DIR;
  const webDistDir = givenDist || path.join(tempDir, 'web');
  const givenAdminDist = extraEnv.ADMIN_DIST_DIR ?? process.env.ADMIN_DIST_DIR;
  const adminDistDir = givenAdminDist || path.join(tempDir, 'admin');
  try {
    if (givenDist) {
      if (!fs.existsSync(path.join(givenDist, 'index.html'))) throw new Error(`${givenDist}/index.html is missing`);
    } else {
      await snapshotWebDist(webDistDir);
    }
    if (!givenAdminDist) await snapshotWebDist(adminDistDir, 'admin');
  } catch (error) {
    fs.rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      ADMIN_DIST_DIR: adminDistDir,
      CAPTCHA: 'off',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const halt = async () => {
    if (!hasExited(child) && child.pid !== undefined) {
      process.kill(child.pid, 'SIGTERM');
      if (!(await waitForExit(child, 5000)) && !hasExited(child)) {
        process.kill(child.pid, 'SIGKILL');
        await waitForExit(child, 5000);
      }
    }
  };
  let isStopped = false;
  const stop = async () => {
    if (isStopped) return;
    isStopped = true;
    await halt();
    fs.rmSync(tempDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (hasExited(child)) {
      await stop();
      throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}) before it answered:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/envelope-key.json`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) {
        await response.arrayBuffer();
        break;
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer GET /envelope-key.json within 60 s:\n${output}`);
    }
    await sleep(150);
  }
  return { baseUrl, dataDir, output: () => output, halt, stop };
}

/**
 * The newest six-digit code mailed to `address` (created at or after `since`, epoch ms), read
 * from the outbox table the server writes every mail to. Polls for up to 10 seconds.
 */
export async function readMailedCode(dataDir: string, address: string, since = 0): Promise<string> {
  const file = path.join(dataDir, 'portal.db');
  const deadline = Date.now() + 10_000;
  let lastError: unknown = null;
  for (;;) {
    if (fs.existsSync(file)) {
      let db: Database.Database | null = null;
      try {
        db = new Database(file, { readonly: true, fileMustExist: true });
        const row = db
          .prepare('select body_text from mail_outbox where lower(to_address) = lower(?) and created_at >= ? order by created_at desc limit 1')
          .get(address, since) as { body_text: string } | undefined;
        const code = row?.body_text.match(/\b\d{6}\b/)?.[0];
        if (code) return code;
      } catch (error) {
        lastError = error;
      } finally {
        db?.close();
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`no six-digit code mailed to ${address} within 10 s${lastError ? ` (last error: ${String(lastError)})` : ''}`);
    }
    await sleep(200);
  }
}

/**
 * Halts the test server (it must let go of its SQLite file) and runs the `npm run ledger:verify`
 * command on its data. Resolves with what the command printed; rejects when it exits non-zero.
 */
export async function ledgerVerifyAfterHalt(server: { dataDir: string; halt: () => Promise<void> }): Promise<string> {
  await server.halt();
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/ledger-verify-cli.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
}
