/**
 * The support socket (decision 024): GET supportSocketPath upgraded to a WebSocket. The client's
 * first frame is a hello with its session token (a browser cannot set headers on a WebSocket);
 * after that the server only pushes `changed` events, never message text, so everything a
 * conversation holds still travels inside the envelope through the sealed API calls.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { roleCan, supportLimits, supportSocketHello, supportSocketPath, type SupportSocketEvent } from '@pp/contract';
import type { Config } from '../../../config.ts';
import type { RouteDeps } from '../../../plugins/api-route.ts';
import { addressKey } from '../../../plugins/rate-limit.ts';
import type { SessionService } from '../../identity/sessions/index.ts';
import type { SupportService } from './service.ts';
import type { SupportEvent } from './pubsub.ts';

/** Sockets one process keeps open at most, and per member or staff member. */
const socketsMax = 20_000;
const socketsPerIdentityMax = 8;
/** How often an open socket's session is checked again (logout, expiry, a disabled staff member). */
const recheckMs = 30_000;
/** A socket that has not said hello is closed after this long (the contract's ceiling, with its reason). */
export const helloTimeoutMs = supportLimits.socketAuthTimeoutMs;
/**
 * Sockets one client address may have waiting for their hello at once; more are closed at once
 * (1008). Counted in this process, and that is enough here: the limit protects this process's own
 * sockets and memory, which another process's count would not change. An office behind one NAT
 * opens its members' sockets a few at a time, each saying hello within milliseconds.
 */
export const waitingPerAddressMax = 16;
/** On shutdown, how long a socket's client has to answer the close frame before the socket is cut. */
const closeGraceMs = 1_000;

/**
 * Same origin only (docs/support.md): a browser always says which page opened a socket, so one
 * from another site is refused with 403 before the upgrade, and nothing of a member ever reaches
 * it. The page's origin is PUBLIC_ORIGIN when it is set, and then only it: the Host header is the
 * client's to write (a page on a name that resolves here sends its own), so it cannot widen what
 * is accepted. Without PUBLIC_ORIGIN (a developer's machine, tests) it is the request's own origin,
 * scheme, host and port compared whole. No Origin at all is not a browser (a browser cannot leave
 * it out): such a client goes on to the hello, which needs a session token like any API call.
 */
export function isAllowedSocketOrigin(origin: string | undefined, requestOrigin: string, publicOrigin: string): boolean {
  if (origin === undefined) return true;
  let url: URL;
  let expected: URL;
  try {
    url = new URL(origin);
    expected = new URL(publicOrigin !== '' ? publicOrigin : requestOrigin);
  } catch {
    return false; // "null" (a sandboxed frame, a file), or anything else that is not an origin
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  // Both sides normalised by URL (case, default port); a path or credentials after it do not pass.
  return url.origin === expected.origin && origin.toLowerCase() === url.origin;
}

/** Errors `ws` raises for what a client sent (too large, bad opcode, bad UTF-8, no mask...): the client's fault. */
function isClientFrameError(error: Error & { code?: unknown }): boolean {
  return typeof error.code === 'string' && error.code.startsWith('WS_ERR_');
}

/** The services the support socket uses, passed in by the composition root so the module imports no other module's insides. */
export interface SupportSocketDeps {
  config: Config;
  routeDeps: RouteDeps;
  sessions: SessionService;
  support: SupportService;
}

export async function supportSocketPlugin(app: FastifyInstance, options: { services: SupportSocketDeps }): Promise<void> {
  const s = options.services;
  const open = new Map<string, number>();
  /** Sockets waiting for their hello, by client address (addressKey: an IPv6 client by its /64). */
  const waiting = new Map<string, number>();
  let total = 0;
  // On shutdown every socket is closed at once with 1001 (going away), before the library's own
  // close (which gives no code): a socket waits for pushes and is never a request in flight, so
  // it must not hold the drain, and the apps reconnect to another process after 1001. A client
  // that does not answer the close frame (a frozen tab, a phone asleep) would keep its socket for
  // ws's 30 s close timeout, past the 15 s drain: it is cut after a short grace.
  app.addHook('preClose', (done) => {
    for (const client of app.websocketServer.clients) {
      client.close(1001, 'server shutting down');
      setTimeout(() => client.terminate(), closeGraceMs).unref();
    }
    done();
  });
  await app.register(websocket, {
    options: { maxPayload: supportLimits.socketFrameBytesMax },
    // ws has already closed the socket with the right code (1009 for a frame above the ceiling);
    // a refused client message is the client's doing, logged as such, without a stack.
    errorHandler(error, socket, request) {
      if (isClientFrameError(error))
        request.log.warn({ wsError: (error as Error & { code: string }).code, reason: error.message }, 'support socket: refused client message');
      else request.log.error({ err: error }, 'support socket failed');
      socket.terminate();
    },
  });

  const refuseOtherOrigins = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (isAllowedSocketOrigin(origin, `${request.protocol}://${request.host}`, s.config.publicOrigin)) return;
    request.log.info({ origin }, 'support socket: other origin refused');
    return reply.code(403).header('connection', 'close').send();
  };

  // Under /api/ but not sealed: the socket's hello carries the session and its frames carry no
  // member data, so it declares itself a socket to the envelope's start check.
  app.get(
    supportSocketPath,
    { websocket: true, onRequest: refuseOtherOrigins, config: { envelope: 'socket' } },
    (socket: WebSocket, request: FastifyRequest) => {
      const send = (event: SupportSocketEvent) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      };
      if (total >= socketsMax) {
        socket.close(1013, 'busy');
        return;
      }
      const address = addressKey(request.ip);
      const waitingHere = waiting.get(address) ?? 0;
      if (waitingHere >= waitingPerAddressMax) {
        request.log.info({ address }, 'support socket: too many waiting for their hello from one address');
        socket.close(1008, 'too many waiting');
        return;
      }
      waiting.set(address, waitingHere + 1);
      let isWaiting = true;
      /** The hello came (or the socket closed): this socket no longer counts as waiting. */
      const stopWaiting = () => {
        if (!isWaiting) return;
        isWaiting = false;
        const left = (waiting.get(address) ?? 1) - 1;
        if (left > 0) waiting.set(address, left);
        else waiting.delete(address);
      };
      total++;
      let identity: string | null = null;
      let unsubscribe: (() => void) | null = null;
      let recheck: NodeJS.Timeout | null = null;
      const authTimer = setTimeout(() => socket.close(4401, 'hello expected'), helloTimeoutMs);
      authTimer.unref();

      socket.on('close', () => {
        total--;
        stopWaiting();
        clearTimeout(authTimer);
        if (recheck) clearInterval(recheck);
        unsubscribe?.();
        if (identity) open.set(identity, Math.max(0, (open.get(identity) ?? 1) - 1));
      });
      socket.on('error', () => socket.terminate());

      socket.once('message', (data: Buffer, isBinary: boolean) => {
        stopWaiting();
        void (async () => {
          const deny = () => {
            send({ type: 'denied' });
            socket.close(4401, 'denied');
          };
          let hello;
          try {
            hello = isBinary ? null : supportSocketHello.safeParse(JSON.parse(data.toString('utf8')));
          } catch {
            hello = null;
          }
          if (!hello?.success) return deny();
          const { token, loginType } = hello.data;
          // Who may hear what: a member their own conversation, staff with support.chat every one.
          const check = async (): Promise<((event: SupportEvent) => boolean) | null> => {
            try {
              const session = await s.sessions.authenticateToken(token, loginType);
              if (loginType === 'USER') return (event) => event.memberId === session.userId;
              const staff = await s.routeDeps.staffLookup(session.userId);
              if (!staff || !roleCan(staff.role, 'support.chat')) return null;
              return () => true;
            } catch {
              return null;
            }
          };
          const filter = await check();
          if (!filter) return deny();
          clearTimeout(authTimer);
          if (socket.readyState !== socket.OPEN) return;
          const session = await s.sessions.authenticateToken(token, loginType).catch(() => null);
          if (!session) return deny();
          identity = `${loginType}:${session.userId}`;
          const count = (open.get(identity) ?? 0) + 1;
          open.set(identity, count);
          if (count > socketsPerIdentityMax) {
            socket.close(1008, 'too many sockets');
            return;
          }
          unsubscribe = s.support.pubsub.subscribe((event) => {
            if (filter(event)) send({ type: 'changed', conversationId: event.conversationId });
          });
          recheck = setInterval(() => {
            void check().then((still) => {
              if (!still) deny();
            });
          }, recheckMs);
          recheck.unref();
          send({ type: 'ready' });
          // Anything more from the client is not expected: the socket is push-only.
          socket.on('message', () => socket.close(1008, 'push only'));
        })().catch(() => socket.close(1011, 'error'));
      });
    },
  );
}
