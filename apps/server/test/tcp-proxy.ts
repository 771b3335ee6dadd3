/**
 * A small TCP proxy on a loopback port between the server and PostgreSQL or Redis, for fault
 * tests (decision 036): it passes bytes through, holds them (a link that drops packets: nothing
 * arrives either way, nothing is refused), delays them, or cuts every connection and refuses
 * new ones (a restart or failover of the service behind it).
 */
import net from 'node:net';

export type ProxyMode = 'pass' | 'hold' | 'cut' | 'delay';

export interface TcpProxy {
  port: number;
  /** Connections currently open through the proxy. */
  readonly openConnections: number;
  setMode(mode: ProxyMode, delayMs?: number): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  let delayMs = 0;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held: Array<() => void> = [];

  function forward(from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk: Buffer) => {
      const send = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (mode === 'hold') held.push(send);
      else if (mode === 'delay') setTimeout(send, delayMs);
      else send();
    });
  }

  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    get openConnections() {
      return pairs.size;
    },
    setMode(next, nextDelayMs = 0) {
      mode = next;
      delayMs = nextDelayMs;
      if (next === 'cut') {
        for (const { client, upstream } of [...pairs]) {
          client.destroy();
          upstream.destroy();
        }
        pairs.clear();
        held.length = 0;
      }
      if (next === 'pass' || next === 'delay') {
        for (const send of held.splice(0)) send();
      }
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
