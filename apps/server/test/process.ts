/**
 * The real server as a child process on a free loopback port, for the tests that signal or kill
 * it (crash safety, graceful shutdown, several processes), and one sealed API call over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { mediaType, type PublicJwk } from '@pp/envelope';
import { openResponse, sealRequest } from '@pp/envelope/node';

const root = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  key: PublicJwk;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
}

/** Starts apps/server/src/main.ts with these settings and waits until it answers. */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CAPTCHA: 'off', NODE_ENV: 'test', DEMO_DATA: 'on', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/envelope-key.json`);
      if (res.ok) return { child, port, key: (await res.json()) as PublicJwk, exited };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/**
 * Runs apps/server/src/main.ts until it ends by itself (a refused setting stops it at start) and
 * gives its exit code and what it wrote to stderr. A process still running after `timeoutMs` is
 * killed (code null).
 */
export async function serverProcessExit(env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CAPTCHA: 'off', NODE_ENV: 'test', DEMO_DATA: 'off', LOG_LEVEL: 'error', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, stderr };
}

export interface HttpCallResult {
  status: number;
  code: number;
  error?: string;
  data: Record<string, unknown> | null;
}

/** One sealed API call over real HTTP. Throws when the connection fails (the call was not answered). */
export async function httpCall(
  port: number,
  key: PublicJwk,
  pathName: string,
  body: object,
  token?: string,
  ip?: string,
  loginType: 'USER' | 'STAFF' = 'USER',
): Promise<HttpCallResult> {
  const sealed = sealRequest(key, pathName, body);
  return sendSealed(port, pathName, sealed, token, ip, loginType);
}

/** Sends an already sealed request (a replay test sends the same one twice). */
export async function sendSealed(
  port: number,
  pathName: string,
  sealed: { body: string; cek: Uint8Array; nonce: string },
  token?: string,
  ip?: string,
  loginType: 'USER' | 'STAFF' = 'USER',
): Promise<HttpCallResult> {
  const res = await fetch(`http://127.0.0.1:${port}${pathName}`, {
    method: 'POST',
    headers: {
      'content-type': mediaType,
      'x-login-type': loginType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: sealed.body,
  });
  const json = (await res.json()) as { code: number; error?: string; data: string | null };
  return {
    status: res.status,
    code: json.code,
    error: json.error,
    data: typeof json.data === 'string' ? (openResponse(sealed.cek, sealed.nonce, json.data) as Record<string, unknown>) : null,
  };
}

/** A PostgreSQL schema of its own for one test, and the URL that selects it. */
export async function pgSchema(baseUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  await c.query(`create schema ${schema}`);
  await c.end();
  return {
    url: `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      const d = new pg.Client({ connectionString: baseUrl });
      await d.connect();
      await d.query(`drop schema if exists ${schema} cascade`);
      await d.end();
    },
  };
}

/**
 * Where the server processes of one test keep their data: a data directory and, on PostgreSQL, a
 * schema of its own. `cleanup` removes both; call it after the processes have ended.
 */
export async function serverStorage(
  dialect: 'sqlite' | 'postgres',
  prefix: string,
): Promise<{ dataDir: string; databaseUrl: string; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pp-${prefix}-`));
  const schema = dialect === 'postgres' ? await pgSchema(process.env.TEST_DATABASE_URL!, prefix) : null;
  return {
    dataDir,
    databaseUrl: schema?.url ?? '',
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await schema?.drop();
    },
  };
}
