/**
 * What Node's own HTTP timeouts leave open (decision 084; docs/operations.md): a peer may hold
 * any number of connections, and a connection that never sends a byte is timed out by none of
 * requestTimeout, headersTimeout or keepAliveTimeout. Here each peer address holds at most
 * `perAddressMax` open connections (0: no cap; behind a proxy every connection comes from it), the
 * ones above are closed as they open, and a connection silent for `firstByteMs` is closed.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionGuardOptions {
  perAddressMax: number;
  firstByteMs: number;
  log: { warn(details: object, message: string): void };
}

/** Refusals are logged once per address per this long, so a flood is one line, not thousands. */
const refusalLogEveryMs = 60_000;

export function guardConnections(server: Server, options: ConnectionGuardOptions): void {
  const { perAddressMax, firstByteMs, log } = options;
  const open = new Map<string, number>();
  const loggedAt = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (perAddressMax > 0) {
      const count = open.get(address) ?? 0;
      if (count >= perAddressMax) {
        socket.destroy();
        const now = Date.now();
        if (now - (loggedAt.get(address) ?? 0) > refusalLogEveryMs) {
          loggedAt.set(address, now);
          if (loggedAt.size > 10_000) loggedAt.clear();
          log.warn({ address, perAddressMax }, 'connection refused: this address holds the most connections allowed (CONNECTIONS_PER_ADDRESS)');
        }
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
    }
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, firstByteMs);
    silent.unref();
    // No 'data' listener: one would take the socket from the HTTP parser's fast path.
    socket.once('close', () => clearTimeout(silent));
  });
}
