/**
 * "Something changed in conversation X" between server processes (decision 024). The event
 * carries ids only; clients fetch the messages through sealed API calls. Three implementations:
 * in-process (the embedded SQLite default: one process), PostgreSQL LISTEN/NOTIFY (when the
 * database is PostgreSQL), Redis pub/sub (when REDIS_URL is set, preferred over PostgreSQL).
 */
import { EventEmitter } from 'node:events';
import crypto from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { DependencyUnavailable } from '../../../plugins/faults.ts';
import type { FastifyBaseLogger } from 'fastify';

export interface SupportEvent {
  conversationId: string;
  memberId: string;
}

export interface SupportPubSub {
  readonly kind: 'memory' | 'postgres' | 'redis';
  publish(event: SupportEvent): Promise<void>;
  /** Calls `listener` for every event, published by this process or another; returns the unsubscribe. */
  subscribe(listener: (event: SupportEvent) => void): () => void;
  close(): Promise<void>;
}

const idPattern = /^[A-Za-z0-9-]{1,64}$/;

/** An event from outside is only ids; anything else is dropped. */
export function parseEvent(text: string): SupportEvent | null {
  try {
    const value = JSON.parse(text) as Partial<SupportEvent>;
    if (
      typeof value.conversationId === 'string' &&
      typeof value.memberId === 'string' &&
      idPattern.test(value.conversationId) &&
      idPattern.test(value.memberId)
    ) {
      return { conversationId: value.conversationId, memberId: value.memberId };
    }
  } catch {
    // not JSON
  }
  return null;
}

abstract class LocalFanOut {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  subscribe(listener: (event: SupportEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
  protected deliver(event: SupportEvent): void {
    this.emitter.emit('event', event);
  }
}

export class MemoryPubSub extends LocalFanOut implements SupportPubSub {
  readonly kind = 'memory' as const;
  async publish(event: SupportEvent): Promise<void> {
    this.deliver(event);
  }
  async close(): Promise<void> {}
}

/**
 * One dedicated connection LISTENs; NOTIFY goes through a short-lived query on the same
 * connection. The channel is named after the schema, so several schemas on one database (tests,
 * tenants) do not hear each other. A lost connection is re-opened after a pause; events sent
 * while it was down are not replayed, which is harmless: clients refetch on reconnect.
 */
export class PostgresPubSub extends LocalFanOut implements SupportPubSub {
  readonly kind = 'postgres' as const;
  private client: pg.Client | null = null;
  private channel = '';
  private isClosed = false;
  private ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    super();
    this.ready = this.connect();
  }

  /** A first connection that fails (the database down at start) is tried again like a lost one. */
  private retryLater(): void {
    if (!this.isClosed) setTimeout(() => void (this.ready = this.connect()), 1000).unref();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (error) => {
      this.log?.warn({ err: { message: error.message } }, 'support pub/sub: PostgreSQL connection lost');
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => {});
      this.retryLater();
    });
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      const event = parseEvent(message.payload);
      if (event) this.deliver(event);
    });
    try {
      await client.connect();
      const schema = (await client.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema ?? 'public';
      this.channel = `pp_support_${crypto.createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
      await client.query(`listen ${this.channel}`);
      this.client = client;
    } catch (error) {
      this.log?.warn({ err: { message: (error as Error).message } }, 'support pub/sub: cannot reach PostgreSQL; trying again');
      client.end().catch(() => {});
      this.retryLater();
    }
  }

  async publish(event: SupportEvent): Promise<void> {
    await this.ready;
    if (!this.client) throw new DependencyUnavailable('database', 'support pub/sub: not connected');
    await this.client.query('select pg_notify($1, $2)', [this.channel, JSON.stringify(event)]);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await this.ready.catch(() => {});
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}

export class RedisPubSub extends LocalFanOut implements SupportPubSub {
  readonly kind = 'redis' as const;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly ready: Promise<unknown>;
  private static readonly channel = 'pp:support';

  constructor(url: string, log?: FastifyBaseLogger) {
    super();
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 });
    this.subscriber = new Redis(url, { lazyConnect: false });
    // ioredis reconnects by itself; an error with no listener would only be printed, unlogged.
    let loggedAt = 0;
    const report = (error: Error) => {
      if (Date.now() - loggedAt < 10_000) return;
      loggedAt = Date.now();
      log?.warn({ err: { message: error.message } }, 'support pub/sub: Redis unreachable; reconnecting');
    };
    this.publisher.on('error', report);
    this.subscriber.on('error', report);
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== RedisPubSub.channel) return;
      const event = parseEvent(payload);
      if (event) this.deliver(event);
    });
    this.ready = this.subscriber.subscribe(RedisPubSub.channel);
  }

  async publish(event: SupportEvent): Promise<void> {
    await this.ready;
    await this.publisher.publish(RedisPubSub.channel, JSON.stringify(event));
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

/** Redis when configured, else LISTEN/NOTIFY on PostgreSQL, else in-process. */
export function makePubSub(options: { redisUrl: string; postgresUrl?: string }, log?: FastifyBaseLogger): SupportPubSub {
  if (options.redisUrl) return new RedisPubSub(options.redisUrl, log);
  if (options.postgresUrl) return new PostgresPubSub(options.postgresUrl, log);
  return new MemoryPubSub();
}
