/**
 * Builds the app once per test file on a fresh database of each dialect (SQLite always,
 * PostgreSQL when TEST_DATABASE_URL is set, in a schema of its own) and calls it through the
 * real envelope with app.inject.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { KyselyConfig } from 'kysely';
import { endpoints, isKeyed, type EndpointName } from '@pp/contract';
import { mediaType } from '@pp/envelope';
import { openResponse, sealRequest } from '@pp/envelope/node';
import { loadConfig, type Config } from '../src/config.ts';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { openDb, type Dialect, type DbHandle } from '../src/db/index.ts';
import { hashAnswer } from '../src/modules/identity/captcha/service.ts';

export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp extends BuiltApp {
  dialect: Dialect;
  config: Config;
  client: TestClient;
  close(): Promise<void>;
}

export async function makeTestApp(
  dialect: Dialect,
  overrides: Record<string, string> = {},
  /** `logStream` receives the app's log lines (JSON, one a call); give LOG_LEVEL in overrides to see more than nothing. */
  /** `queryLog` is Kysely's log option on the app's database (the query-plan test captures every statement). */
  options: { now?: () => number; logStream?: { write(line: string): void }; queryLog?: KyselyConfig['log'] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    DATA_DIR: dataDir,
    DEMO_DATA: 'on',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  let dbHandle: DbHandle;
  let dropSchema = async () => {};
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const withSchema = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    dbHandle = openDb({ databaseUrl: withSchema, dataDir, timeouts: config.dbTimeouts, log: options.queryLog });
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  } else {
    dbHandle = openDb({ databaseUrl: '', dataDir, timeouts: config.dbTimeouts, log: options.queryLog });
  }
  const built = await buildApp(config, { dbHandle, now: options.now, logStream: options.logStream });
  await built.app.ready();
  const client = new TestClient(built.app, built.serverKey.publicJwk);
  return {
    ...built,
    dialect,
    config,
    client,
    async close() {
      await built.app.close();
      await dbHandle.close();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallResult<T = unknown> {
  status: number;
  code: number;
  message: string;
  error?: string;
  field?: string;
  validation?: string;
  params?: Record<string, string | number>;
  data: T;
}

export class TestClient {
  token: string | null = null;
  lang = 'en-US';
  loginType: 'USER' | 'STAFF' = 'USER';
  /** Each client comes from its own address, so per-address limits of one test do not hit another. */
  ip = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

  constructor(
    readonly app: FastifyInstance,
    readonly serverJwk: { kty: 'OKP'; crv: 'X25519'; x: string; kid?: string },
  ) {}

  /** Calls an endpoint of the contract by name through the whole envelope. */
  async call<T = unknown>(name: EndpointName, body: object = {}, headers: Record<string, string> = {}): Promise<CallResult<T>> {
    // A keyed write (the contract's isKeyed) gets a fresh idempotency key unless the test gives one, as each click of the
    // apps' forms does: two calls of a test are two submissions.
    const keyed = isKeyed(name) && !('requestId' in body) ? { ...body, requestId: crypto.randomUUID() } : body;
    return this.post<T>(endpoints[name].path, keyed, headers);
  }

  /** The time requests are sealed with; a test that moves the server's clock moves this one too. */
  clock: () => number = Date.now;

  async post<T = unknown>(url: string, body: object, headers: Record<string, string> = {}): Promise<CallResult<T>> {
    return this.send<T>(url, sealRequest(this.serverJwk, url, body, { time: this.clock() }), headers);
  }

  /** Sends a request sealed earlier (a replay test sends one captured before a fault). */
  async send<T = unknown>(url: string, sealed: { body: string; cek: Uint8Array; nonce: string }, headers: Record<string, string> = {}): Promise<CallResult<T>> {
    const response = await this.app.inject({
      method: 'POST',
      url,
      remoteAddress: this.ip,
      headers: {
        'content-type': mediaType,
        'accept-language': this.lang,
        'x-login-type': this.loginType,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      payload: sealed.body,
    });
    const json = response.json() as CallResult<string | null>;
    const data = typeof json.data === 'string' ? openResponse(sealed.cek, sealed.nonce, json.data) : null;
    return { ...json, status: response.statusCode, data: data as T };
  }
}

/** Reads the newest verification code mailed to an address from the outbox. */
export async function codeFromOutbox(app: TestApp, email: string): Promise<string> {
  const row = await app.services.dbHandle.db
    .selectFrom('mail_outbox')
    .select('body_text')
    .where('to_address', '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const match = /\b(\d{6})\b/.exec(row.body_text);
  if (!match) throw new Error(`no code in mail: ${row.body_text}`);
  return match[1]!;
}

/** Registers a member under the demo root and returns its credentials. */
export async function registerMember(app: TestApp, userName: string, inviteId = '10000001') {
  const email = `${userName}@example.com`;
  const c = app.client;
  const sent = await c.call('noLoginSend', { email, purpose: 'REGISTER' });
  if (sent.code !== 20000) throw new Error(`send failed: ${sent.message}`);
  const emailCode = await codeFromOutbox(app, email);
  const password = 'Passw0rd!x';
  const transactionPassword = 'Trans0ction!x';
  const result = await c.call('userRegister', {
    userName,
    password,
    confirmPassword: password,
    transactionPassword,
    confirmTransactionPassword: transactionPassword,
    countryCode: 'ID',
    email,
    emailCode,
    inviteId,
    agree: true,
  });
  if (result.code !== 20000) throw new Error(`register failed: ${result.message}`);
  return { userName, email, password, transactionPassword };
}

export async function login(app: TestApp, userName: string, password: string): Promise<string> {
  const result = await app.client.call<{ token: string }>('login', { userName, password, loginType: 'USER' });
  if (result.code !== 20000) throw new Error(`login failed: ${result.message}`);
  return result.data.token;
}

/** Signs a demo staff member in through both steps (password, then a TOTP code) and returns a client. */
export async function staffClient(app: TestApp, userName: string, password: string): Promise<TestClient & { totpSecret: string }> {
  const { generate, createGuardrails } = await import('otplib');
  const c = new TestClient(app.app, app.serverKey.publicJwk);
  const step1 = await c.call<{ challengeId: string; stage: string; secret?: string }>('staffLogin', { userName, password, loginType: 'STAFF' });
  if (step1.code !== 20000) throw new Error(`staff login failed: ${step1.message}`);
  const row = await app.services.dbHandle.db
    .selectFrom('staff')
    .select(['totp_secret', 'totp_last_step'])
    .where('user_name_key', '=', userName.toLowerCase())
    .executeTakeFirstOrThrow();
  const secret = step1.data.stage === 'totp-setup' ? step1.data.secret! : row.totp_secret!;
  // A code is good once: sign-ins in the same 30 s window use the next window's code (the server allows one step of drift).
  const lastStep = Number(row.totp_last_step);
  const nowStep = Math.floor(Date.now() / 30_000);
  const epoch = (lastStep >= nowStep ? lastStep + 1 : nowStep) * 30;
  const code = await generate({ secret, epoch, guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
  const step2 = await c.call<{ token: string }>(step1.data.stage === 'totp-setup' ? 'staffTotpSetup' : 'staffTotpVerify', {
    challengeId: step1.data.challengeId,
    code,
  });
  if (step2.code !== 20000) throw new Error(`staff code refused: ${step2.message}`);
  c.token = step2.data.token;
  return Object.assign(c, { totpSecret: secret });
}

/** A captcha asked for through the API whose stored answer is then set to a known one, for apps built with CAPTCHA=on. */
export async function solvedCaptcha(app: TestApp, client: TestClient = app.client): Promise<{ captchaId: string; captchaCode: string }> {
  const made = await client.call<{ captchaId: string; enabled: boolean }>('captchaImage');
  if (!made.data.enabled) throw new Error('solvedCaptcha needs an app built with CAPTCHA=on');
  const captchaCode = 'test';
  await app.services.dbHandle.db
    .updateTable('captchas')
    .set({ answer_hash: hashAnswer(made.data.captchaId, captchaCode) })
    .where('id', '=', made.data.captchaId)
    .execute();
  return { captchaId: made.data.captchaId, captchaCode };
}
