/**
 * What one module tells others after it changed something (decision 054): the module emits an
 * event, the composition root (services.ts) subscribes the modules that care, and neither side
 * imports the other. Handlers run inside the emitter's transaction, one after another in the
 * order they were subscribed and awaited, so what they write commits or rolls back with the
 * change that caused it (a purchase and the community figures it moves are one transaction). A
 * handler that throws aborts the emitter's transaction, as the hooks it replaces did.
 */
import type { Tx } from '../db/index.ts';

/** Every event by name, with what it carries. Times are ms since the epoch. */
export interface DomainEvents {
  /** A member's row was written (registration): the community adds the member to its figures (decision 021). */
  memberCreated: { memberId: string; referrerId: string | null; at: number };
  /**
   * A purchase locked new principal: buy, upgrade (the price difference), add, refill, activation
   * (for the holder), a flash sale. Redeem, transfer and reinvested rewards are not purchases.
   * The community figures and grades move with it (decisions 020, 021, 025).
   */
  packagePurchased: { memberId: string; amount: bigint; at: number };
}

export type EventName = keyof DomainEvents;
export type EventHandler<K extends EventName> = (tx: Tx, event: DomainEvents[K]) => Promise<void>;

/** What an emitting module receives: it can tell, not listen. */
export interface EventEmitter {
  emit<K extends EventName>(tx: Tx, name: K, event: DomainEvents[K]): Promise<void>;
}

export class EventBus implements EventEmitter {
  private readonly handlers: { [K in EventName]?: Array<EventHandler<K>> } = {};

  /** Subscribes a handler; the composition root does this once, before the app serves. */
  on<K extends EventName>(name: K, handler: EventHandler<K>): void {
    const list: Array<EventHandler<K>> = this.handlers[name] ?? [];
    list.push(handler);
    (this.handlers as Record<K, Array<EventHandler<K>>>)[name] = list;
  }

  /** Runs every handler of `name` in `tx`, in subscription order; the first failure is thrown. */
  async emit<K extends EventName>(tx: Tx, name: K, event: DomainEvents[K]): Promise<void> {
    const list = (this.handlers[name] ?? []) as Array<EventHandler<K>>;
    for (const handler of list) await handler(tx, event);
  }
}
