/** Starts the server: `npm start` (after the build) or `npm run serve`. */
import type { Socket } from 'node:net';
import { ConfigError } from './config-error.ts';
import { loadConfig, type Config } from './config.ts';
import { DamagedFileError } from './lib/durable-file.ts';
import { guardConnections } from './plugins/connection-guard.ts';
import { faultPartOf } from './plugins/faults.ts';

/** In-flight requests get this long to finish after SIGTERM before the process exits anyway. */
const shutdownGraceMs = 15_000;

/**
 * A refused setting (config-error.ts) or a damaged file the start needs (a key file cut short,
 * lib/durable-file.ts): one line on stderr naming the variable or the file, the reason and what to
 * do, exit 1, no stack trace.
 */
function refuse(error: unknown): never {
  if (!(error instanceof ConfigError) && !(error instanceof DamagedFileError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  refuse(error);
}
// The app is loaded once the settings are accepted, so a refused one stops the process at once.
const { buildApp } = await import('./app.ts');
const { app } = await buildApp(config).catch(refuse);
// A dependency's failure that reached no request (a background write when the database went
// away) is logged and survived (decision 036); anything else is a bug, and the supervisor starts
// a fresh process (docs/operations.md).
process.on('unhandledRejection', (reason) => {
  const part = faultPartOf(reason);
  if (part) {
    app.log.warn({ part, fault: (reason as Error).message }, 'dependency fault outside a request; going on');
    return;
  }
  app.log.fatal({ err: reason }, 'unhandled rejection; exiting');
  process.exit(1);
});
// Connections that have not sent a byte yet (a browser's preconnect): Node's closeIdleConnections
// counts only those between requests, so shutdown ends these itself; they hold no request.
const connections = new Set<Socket>();
app.server.on('connection', (socket: Socket) => {
  connections.add(socket);
  socket.once('close', () => connections.delete(socket));
});
// Per-address cap and silent connections (plugins/connection-guard.ts); Node's own timeouts bound
// the rest (app.ts, decision 084).
guardConnections(app.server, { perAddressMax: config.connectionsPerAddress, firstByteMs: config.headersTimeoutMs, log: app.log });
await app.listen({ port: config.port, host: config.host });
app.log.info(`portal on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/ (back-office at /admin/)`);

// Graceful shutdown: app.close() stops accepting connections, answers new requests on open
// keep-alive connections with the app's 503 server.unavailable and Retry-After (plugins/drain.ts),
// waits for every request in flight (a ledger write answers only after its commit), then runs the
// onClose hooks that close the database. Nothing idle holds it: the support sockets are closed
// with 1001 (going away, the support module's preClose hook), every answer during the drain says
// Connection: close, keep-alive connections with no request in flight and connections that never
// sent one are closed at once and again every 100 ms (a connection whose request ends mid-drain
// is idle from then), so the drain ends when the last real request does (decision 085).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error(`requests still in flight after ${shutdownGraceMs} ms; exiting`);
      process.exit(1);
    }, shutdownGraceMs);
    force.unref();
    app.startDrain();
    const closed = app.close();
    // Fastify 5 on Node 20 does this once (forceCloseConnections 'idle'); done here again and
    // again so that a connection whose request finishes during the drain is closed as soon as it
    // is idle, and no change of that default brings back an idle connection holding the full 15 s.
    const closeIdle = () => {
      app.server.closeIdleConnections();
      for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    };
    closeIdle();
    setInterval(closeIdle, 100).unref();
    closed.then(
      () => {
        app.log.info('shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
