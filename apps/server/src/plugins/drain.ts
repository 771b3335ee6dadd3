/**
 * The drain after SIGTERM (main.ts; docs/operations.md; decision 085). Once it starts, a request
 * that arrives on a connection still open is answered 503 `server.unavailable` with Retry-After
 * in the app's envelope (never Fastify's own 503 body, which no client reads), and every answer,
 * those of the requests in flight too, says `Connection: close`, so no keep-alive connection
 * outlives its last answer and holds the process.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts the drain now (main.ts on SIGTERM); `close()` starts it too. */
    startDrain(): void;
    readonly isDraining: boolean;
  }
}

/** Seconds a refused client waits before it asks again (another process answers by then). */
export const drainRetryAfterSeconds = 2;

async function drainPluginBody(app: FastifyInstance) {
  let isDraining = false;
  app.decorate('startDrain', () => {
    isDraining = true;
  });
  app.decorate('isDraining', {
    getter: () => isDraining,
  });
  app.addHook('preClose', (done) => {
    isDraining = true;
    done();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isDraining) return;
    reply.header('connection', 'close').header('retry-after', String(drainRetryAfterSeconds));
    return sendError(request, reply, new AppError('server.unavailable'));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isDraining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    return payload;
  });
}

export const drainPlugin = fp(drainPluginBody, { name: 'drain', dependencies: ['errors'] });
