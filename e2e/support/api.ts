/**
 * Direct calls to the server's API from the tests, through the real envelope (the same sealed
 * POST the apps send): to set up data, to read what the screens should show, and to prove that
 * the server itself refuses what the UI hides.
 */
import { endpointPaths, isKeyed } from '@pp/contract/paths';
import { mediaType, type PublicJwk } from '@pp/envelope';
import { openResponse, sealRequest } from '@pp/envelope/node';

export type EndpointName = keyof typeof endpointPaths;

export interface ApiResult<T = unknown> {
  /** HTTP status. */
  status: number;
  /** The envelope's code: 20000 on success. */
  code: number;
  message: string;
  /** The error key ("auth.forbidden") when the call was refused. */
  error?: string;
  data: T;
}

export interface CallOptions {
  token?: string | null;
  loginType?: 'USER' | 'STAFF';
  lang?: string;
}

const keys = new Map<string, Promise<PublicJwk>>();

/** The server's public envelope key (GET /envelope-key.json), read once per server. */
function serverKey(baseUrl: string): Promise<PublicJwk> {
  let key = keys.get(baseUrl);
  if (!key) {
    key = fetch(`${baseUrl}/envelope-key.json`).then(async (response) => {
      if (!response.ok) throw new Error(`GET /envelope-key.json answered ${response.status}`);
      return (await response.json()) as PublicJwk;
    });
    keys.set(baseUrl, key);
    key.catch(() => keys.delete(baseUrl));
  }
  return key;
}

/** One sealed POST to an endpoint of the contract; the answer's data is opened when present. */
export async function callApi<T = unknown>(baseUrl: string, name: EndpointName, body: object = {}, options: CallOptions = {}): Promise<ApiResult<T>> {
  const path = endpointPaths[name];
  // A keyed write (the contract's isKeyed) gets a fresh idempotency key unless the test gives one, as each click of the
  // apps' forms does: two calls of a test are two submissions.
  const keyed = isKeyed(name) && !('requestId' in body) ? { ...body, requestId: newRequestId() } : body;
  const sealed = sealRequest(await serverKey(baseUrl), path, keyed);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': mediaType,
      'accept-language': options.lang ?? 'en-US',
      'x-login-type': options.loginType ?? 'USER',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: sealed.body,
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await response.json()) as { code: number; message: string; error?: string; data?: unknown };
  const data = typeof json.data === 'string' ? openResponse(sealed.cek, sealed.nonce, json.data) : null;
  return { status: response.status, code: json.code, message: json.message, error: json.error, data: data as T };
}

/** Like callApi, but throws unless the server answered 20000. */
export async function callOk<T = unknown>(baseUrl: string, name: EndpointName, body: object = {}, options: CallOptions = {}): Promise<T> {
  const result = await callApi<T>(baseUrl, name, body, options);
  if (result.code !== 20000) throw new Error(`${name} refused: HTTP ${result.status}, ${result.code} ${result.error ?? ''} ${result.message}`);
  return result.data;
}

/** A member session token from the login endpoint. */
export async function memberToken(baseUrl: string, member: { userName: string; password: string }): Promise<string> {
  const data = await callOk<{ token: string }>(baseUrl, 'login', { userName: member.userName, password: member.password, loginType: 'USER' });
  return data.token;
}

/** A fresh id for a money-moving call (16 to 64 of A-Z a-z 0-9 _ -). */
export function newRequestId(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export interface AssetEntry {
  coinName: string;
  assetsAvailable: string;
  assetsFrozen: string;
  assetsFixed: string;
  assetsTotal: string;
}

/** A member's balances by point type. */
export async function balancesOf(baseUrl: string, token: string): Promise<Map<string, AssetEntry>> {
  const list = await callOk<AssetEntry[]>(baseUrl, 'assetsList', {}, { token });
  return new Map(list.map((entry) => [entry.coinName, entry]));
}
