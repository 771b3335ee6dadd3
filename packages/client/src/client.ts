/**
 * The typed client of the API, for a program of a third party as much as for our own apps: it
 * seals a call, sends it, opens the answer, and sends a keyed write or a read again, after no
 * answer or a 503, with the same request id. That is safe because the server does a keyed write
 * once per id and a read changes nothing (the contract's replay rules). Every name, body and
 * answer is typed by the contract, so a call that the server would refuse for its shape does not
 * compile.
 */
import { endpointPaths, isKeyed, type KeyedEndpointName } from '@pp/contract/paths';
import type { EndpointName, ErrorKey, RequestOf, ResponseOf } from '@pp/contract';
import { replayRules } from '@pp/contract/replay-rules';
import { openResponse } from '@pp/envelope/web';
import { fetchServerKey, sealedPost, type SealedAnswer, type ServerKey } from './sealed-post.ts';

/** What a caller passes: a keyed write's id may be left out (the client makes one) or given in the options. */
export type BodyOf<N extends EndpointName> = N extends KeyedEndpointName ? Omit<RequestOf<N>, 'requestId'> & { requestId?: string } : RequestOf<N>;

/** The wire answer's fields, as docs/protocol.md ("Answer") defines them. */
interface WireAnswer {
  code?: unknown;
  message?: unknown;
  data?: unknown;
  error?: unknown;
  params?: unknown;
  field?: unknown;
  validation?: unknown;
}

/** A call's outcome: the opened data, or the refusal with its stable key. Never thrown. */
export type Answer<N extends EndpointName> =
  | { ok: true; status: number; data: ResponseOf<N>; requestId?: string }
  | {
      ok: false;
      status: number;
      /** 9001, 87321 (log in again), or 0 when no answer came. */
      code: number;
      /** The stable key of the refusal (the error catalogue), or 'network' when no answer came. */
      error: ErrorKey | 'network';
      /** The refusal in the client's language. */
      message: string;
      params?: Record<string, string | number>;
      field?: string;
      validation?: string;
      requestId?: string;
    };

export interface ClientOptions {
  /** Where the server is, e.g. https://portal.example.com (no trailing slash); empty for the page's own origin. */
  baseUrl?: string;
  /** Which kind of session the token is: a member's (USER, the default) or a staff member's (STAFF). */
  loginType?: 'USER' | 'STAFF';
  /** Accept-Language: the language of the server's messages (en-US by default). */
  language?: string;
  /** The session token, set after a login (`client.token = answer.data.token`). */
  token?: string | null;
  /** The server's key when the caller has it already; otherwise fetched from /envelope-key.json once. */
  serverKey?: ServerKey;
  fetch?: typeof fetch;
  /** How many times a keyed write or a read is sent again after no answer or a 503 (2 by default). */
  retries?: number;
  /** The wait before the first retry, doubled each time (500 ms by default). */
  retryDelayMs?: number;
}

export interface CallOptions {
  /** A keyed write's id; by default the body's `requestId`, else a new one. */
  requestId?: string;
  signal?: AbortSignal;
}

export interface Client {
  token: string | null;
  /** Calls one endpoint of the contract; resolves with the outcome, whatever the server said. */
  call<N extends EndpointName>(name: N, body: BodyOf<N>, options?: CallOptions): Promise<Answer<N>>;
  /** Calls one endpoint and resolves with its data, or rejects with a ClientError carrying the refusal. */
  must<N extends EndpointName>(name: N, body: BodyOf<N>, options?: CallOptions): Promise<ResponseOf<N>>;
  /**
   * Signs a member in and keeps the session's token for the calls that follow. An account with a
   * second factor needs `code` (the authenticator's six digits, or a recovery code).
   */
  signIn(credentials: { userName: string; password: string; code?: string }): Promise<void>;
}

/** A refusal (or no answer) of a call made with `must`. */
export class ClientError extends Error {
  constructor(readonly answer: Extract<Answer<EndpointName>, { ok: false }>) {
    super(`${answer.error}: ${answer.message}`);
    this.name = 'ClientError';
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Whether an answer says the outcome is unknown and a retry may succeed: none at all, or a 503. */
function isRetryable(answer: SealedAnswer | null): boolean {
  return answer === null || answer.status === 503;
}

export function createClient(options: ClientOptions = {}): Client {
  let serverKey: Promise<ServerKey> | undefined = options.serverKey ? Promise.resolve(options.serverKey) : undefined;
  const keyOf = (signal?: AbortSignal) => {
    serverKey ??= fetchServerKey({ baseUrl: options.baseUrl, fetch: options.fetch, signal }).catch((error: unknown) => {
      serverKey = undefined;
      throw error;
    });
    return serverKey;
  };
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 500;

  const client: Client = {
    token: options.token ?? null,
    async call(name, body, callOptions = {}) {
      const keyed = isKeyed(name);
      if (callOptions.requestId && !keyed) throw new Error(`${name} is not a keyed write: it takes no request id`);
      const given = (body as { requestId?: string }).requestId;
      const requestId = keyed ? (callOptions.requestId ?? given ?? globalThis.crypto.randomUUID()) : undefined;
      const payload = requestId ? { ...body, requestId } : body;
      // A keyed write is done once per id, a read changes nothing: both may be sent again.
      const mayRetry = keyed || replayRules[name].rule === 'read';
      const attempts = mayRetry ? retries + 1 : 1;
      let sent: SealedAnswer | null = null;
      for (let attempt = 0; attempt < attempts; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 1)));
        const headers: Record<string, string> = { 'Accept-Language': options.language ?? 'en-US', 'X-Login-Type': options.loginType ?? 'USER' };
        if (client.token) headers.Authorization = `Bearer ${client.token}`;
        try {
          sent = await sealedPost(await keyOf(callOptions.signal), endpointPaths[name], payload as object, {
            headers,
            signal: callOptions.signal,
            baseUrl: options.baseUrl,
            fetch: options.fetch,
          });
        } catch (error) {
          if (callOptions.signal?.aborted) throw error;
          sent = null;
        }
        if (!isRetryable(sent)) break;
      }
      if (sent === null) return { ok: false, status: 0, code: 0, error: 'network', message: 'no answer from the server', requestId };
      const wire = (typeof sent.body === 'object' && sent.body !== null ? sent.body : {}) as WireAnswer;
      if (wire.code === 20000) {
        const data = typeof wire.data === 'string' ? await openResponse(sent.requestKey, wire.data) : (wire.data ?? null);
        return { ok: true, status: sent.status, data: data as never, requestId };
      }
      return {
        ok: false,
        status: sent.status,
        code: typeof wire.code === 'number' ? wire.code : 0,
        error: (str(wire.error) ?? 'server.internal') as ErrorKey,
        message: str(wire.message) ?? `HTTP ${sent.status}`,
        params: typeof wire.params === 'object' && wire.params !== null ? (wire.params as Record<string, string | number>) : undefined,
        field: str(wire.field),
        validation: str(wire.validation),
        requestId,
      };
    },
    async must(name, body, callOptions) {
      const answer = await client.call(name, body, callOptions);
      if (!answer.ok) throw new ClientError(answer);
      return answer.data;
    },
    async signIn({ userName, password, code }) {
      const session = await client.must('login', { userName, password, loginType: 'USER' });
      if ('token' in session) {
        client.token = session.token;
        return;
      }
      if (code === undefined) throw new Error('this account has a second factor: pass its code to signIn');
      client.token = (await client.must('loginTwoFactor', { challengeId: session.challengeId, code })).token;
    },
  };
  return client;
}
