/**
 * The envelope is transport: this plugin opens every /api/* request (docs/protocol.md) and seals
 * every answer's data with the request's key. Handlers see plain JSON. Refusals, in order:
 * not a JWE (envelope.required / malformed), unknown server key, failed decryption, wrong path,
 * stale time, replayed nonce. None of them reaches a handler or changes anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bodyBytesMax, mediaType, timeAheadMsMax, timeSkewMsMax, type PublicJwk } from '@pp/envelope';
import { EnvelopeError, generateServerKey, loadServerKey, openRequest, sealResponse, type PrivateJwk, type ServerKey } from '@pp/envelope/node';
import { AppError } from '../errors.ts';
import { DamagedFileError, readJsonFile, writeFileDurably } from '../lib/durable-file.ts';
import { ReplayStoreRecovering, type ReplayStore } from './replay-guard.ts';
import { withinBudget } from './faults.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request's envelope is open: the key its answer is sealed with. */
    envelope?: { cek: Buffer; nonce: string; time: number };
  }
  interface FastifyContextConfig {
    /**
     * What the route's body is: `sealed` (every API route: opened here before anything else runs)
     * `socket` (the support WebSocket, a GET whose first frame carries the session and whose
     * frames carry no member data) or `plain` (only the benchmark's baseline, outside /api/). The
     * gate reads this from the matched route, never from the URL, because the router matches a
     * decoded path (`/%61pi/` is `/api/`) while the raw URL keeps the client's spelling.
     */
    envelope?: 'sealed' | 'socket' | 'plain';
  }
}

/** The prefix every sealed route's path starts with; a route there without `envelope: 'sealed'` stops the start. */
export const apiPrefix = '/api/';

/** The server key: from configuration, or made on first start and kept with the data (mode 0600). */
export function resolveServerKey(options: { envelopeKey: string; dataDir: string }): ServerKey {
  if (options.envelopeKey) return loadServerKey(JSON.parse(options.envelopeKey) as PrivateJwk);
  const file = path.join(options.dataDir, 'envelope-key.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const jwk = generateServerKey();
    try {
      // Whole or not at all (lib/durable-file.ts): a short key file would stop every later start.
      writeFileDurably(file, JSON.stringify(jwk), { mode: 0o600, exclusive: true });
      return loadServerKey(jwk);
    } catch (error) {
      // Another process of this deployment wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const remedy = 'restore it from the backup of DATA_DIR, or delete it to make a new key (open pages then reload once)';
  const jwk = readJsonFile<PrivateJwk>(file, remedy);
  try {
    return loadServerKey(jwk);
  } catch {
    throw new DamagedFileError(file, remedy, 'not an X25519 private key');
  }
}

export interface EnvelopeOptions {
  serverKey: ServerKey;
  /** Where seen nonces are kept: shared by processes and kept across restarts (replay-guard.ts). */
  replayStore: ReplayStore;
  now?: () => number;
  /** The request budget (REQUEST_BUDGET_MS, decision 036): the nonce write counts against it too. */
  budgetMs?: number;
}

async function envelopePluginBody(app: FastifyInstance, options: EnvelopeOptions) {
  const { serverKey } = options;
  const now = options.now ?? Date.now;
  const { replayStore } = options;

  app.decorate('serverPublicJwk', serverKey.publicJwk);
  // The envelope's parser is the only one: Fastify's default JSON and text parsers would hand a
  // plain body to a handler if the gate below were ever skipped, so they are not there to do it.
  // A body of any other type is refused before routing completes (envelope.required).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(mediaType, { parseAs: 'string', bodyLimit: bodyBytesMax }, (_req, body, done) => done(null, body));

  // Every route is checked as it is registered: an API route that does not declare itself sealed,
  // or a sealed route that answers anything but POST, stops the start instead of serving plain JSON.
  app.addHook('onRoute', (route) => {
    const gate = route.config?.envelope;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isApiPath = route.url.toLowerCase().startsWith(apiPrefix);
    if (isApiPath && gate !== 'sealed' && gate !== 'socket') throw new Error(`envelope: API route ${route.url} is not declared sealed (config.envelope)`);
    if (
      gate === 'socket' &&
      (!isApiPath || methods.some((method) => method !== 'GET' && method !== 'HEAD') || (route as { websocket?: boolean }).websocket !== true)
    ) {
      throw new Error(`envelope: only a WebSocket GET under ${apiPrefix} may be a socket route: ${route.url}`);
    }
    if (gate === 'sealed' && (!isApiPath || methods.some((method) => method !== 'POST'))) {
      throw new Error(`envelope: a sealed route is a POST under ${apiPrefix}: ${methods.join(',')} ${route.url}`);
    }
    if (gate === 'plain' && isApiPath) throw new Error(`envelope: a plain route may not live under ${apiPrefix}: ${route.url}`);
  });

  app.addHook('preValidation', async (request: FastifyRequest, reply) => {
    // The matched route decides, whatever the URL's spelling; a 404 has no route and no handler.
    if (request.is404 || request.routeOptions.config.envelope !== 'sealed') return;
    // The budget starts once the body is in: a slow upload's transfer time is not the server's wait.
    if (options.budgetMs) request.budgetDeadline = Date.now() + options.budgetMs;
    const body = request.body;
    if (typeof body !== 'string' || request.headers['content-type']?.split(';')[0]?.trim() !== mediaType) {
      throw new AppError('envelope.required');
    }
    let opened;
    try {
      opened = openRequest(serverKey, body);
    } catch (error) {
      if (error instanceof EnvelopeError) {
        throw new AppError(error.failure === 'unknownKey' ? 'envelope.unknownKey' : error.failure === 'decrypt' ? 'envelope.decrypt' : 'envelope.malformed');
      }
      throw error;
    }
    const { header } = opened;
    // From here on the client holds the key, so even refusals could be sealed; they carry no data.
    // The sealed path must name the route that matched: a request sealed for one endpoint cannot
    // be replayed at another, however the URL is spelled.
    if (header.path !== request.routeOptions.url) throw new AppError('envelope.pathMismatch');
    // Up to 5 minutes behind, a few seconds ahead (decision 086). The refusal says the server's
    // time, so a client whose clock is off seals again, dated right, with a new nonce.
    const serverTime = now();
    if (header.time < serverTime - timeSkewMsMax || header.time > serverTime + timeAheadMsMax) throw new AppError('envelope.stale', { serverTime });
    // Past header.time + skew the request is stale, so the nonce need not be kept longer.
    const remembered = replayStore.remember(header.nonce, Math.ceil(header.time) + timeSkewMsMax);
    let verdict;
    try {
      verdict = request.budgetDeadline ? await withinBudget(remembered, Math.max(1, request.budgetDeadline - Date.now())) : await remembered;
    } catch (error) {
      // The store came back empty and this request is dated before its refusal line: the answer
      // names the line and the server's time, so the client re-dates its request past it and seals
      // it again at once with a new nonce (decision 086); nothing of this one ran.
      if (!(error instanceof ReplayStoreRecovering)) throw error;
      const answeredAt = now();
      reply.header('retry-after', String(Math.max(1, Math.ceil((error.refuseBefore - timeAheadMsMax - answeredAt) / 1000))));
      throw new AppError('server.unavailable', { refuseBefore: error.refuseBefore, serverTime: answeredAt });
    }
    if (verdict === 'replayed') {
      throw new AppError('envelope.replayed');
    }
    let payload: unknown;
    try {
      payload = JSON.parse(opened.plaintext.toString('utf8'));
    } catch {
      throw new AppError('envelope.malformed');
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new AppError('envelope.malformed');
    // `time` is authenticated in the header; `ip` is whatever the client believes, and we trust
    // only the address we observe (request.ip), so both leave the payload here.
    const { time: _time, ip: _ip, ...rest } = payload as Record<string, unknown>;
    request.body = rest;
    request.envelope = { cek: opened.cek, nonce: header.nonce, time: header.time };
  });

  // No API answer is kept by a browser or a proxy cache: each is for one request and one key.
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.routeOptions.config.envelope || request.is404) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/envelope-key.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return serverKey.publicJwk;
  });
}

/** Named: every module's plugin declares it as a dependency (server-module.ts). */
export const envelopePlugin = fp(envelopePluginBody, { name: 'envelope' });

declare module 'fastify' {
  interface FastifyInstance {
    serverPublicJwk: PublicJwk;
  }
  interface FastifyRequest {
    /** When this API call's time budget runs out (ms since the epoch; decision 036). */
    budgetDeadline?: number;
  }
}

/** Seals a handler's answer with the request's key. */
export function sealFor(request: FastifyRequest, data: unknown): string | null {
  if (!request.envelope) return null;
  return sealResponse(request.envelope.cek, request.envelope.nonce, data);
}
