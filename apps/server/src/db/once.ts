/**
 * `once`: a write keyed by the caller's request id has its effect once, however often and however
 * concurrently it is sent. It is taken inside the write's own transaction, so the key and the
 * effect commit together or not at all:
 *
 * 1. the key (scope, actor, request id) is claimed with `insert ... on conflict do nothing` in the
 *    request log, with a hash of the input;
 * 2. the claimer runs the work and writes its answer beside the key;
 * 3. a request that finds the key taken reads the answer stored there. On PostgreSQL the claim
 *    waits for a claimer still in its transaction (a unique index does), then sees its committed
 *    row; SQLite has one writer, so the claimer has committed already. The loser of a race gets the
 *    winner's answer, never a unique-key error (which was answered 500).
 *
 * The same request id with another input is refused (`ledger.requestIdReused`): it is a client
 * bug, and running it would do a second thing under a key that promised one. A work that fails
 * rolls back the claim with everything else, so a retry after a refusal runs again.
 *
 * The answer is stored as JSON: a keyed write answers what the contract's response carries
 * (strings, numbers, booleans), never a bigint.
 */
import crypto from 'node:crypto';
import { AppError } from '../errors.ts';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { Tx } from './index.ts';
import { legacyInputHash } from './migrations/049-adjustment-keys-to-request-log.ts';

export interface OnceKey {
  /** What kind of write: the endpoint's name, so two endpoints never share an id's answer. */
  scope: string;
  /** Who sends it: a member's or a staff member's id. Another caller's id is another key. */
  actor: string;
  /** The client's idempotency key (a UUID the client keeps across retries). */
  requestId: string;
  /** The request as the handler read it; its hash tells a retry from a reuse of the id. */
  input: unknown;
}

/** A stable hash of a request's input: keys sorted, so the same object hashes the same. */
export function inputHash(input: unknown): string {
  return crypto.createHash('sha256').update(stableJson(input)).digest('base64url');
}

function stableJson(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Records one sealed send of an endpoint whose replay rule is `oncePerSend` (the contract's
 * replay-rules.ts), by the envelope's nonce, in the database that holds the effect. The replay
 * guard's nonce store can forget (Redis restarted from an older snapshot, an evicting Redis, a
 * lost nonce file); this record cannot without the effect going with it, so the same send is
 * refused as replayed either way. It commits before the work: a send whose work then fails is
 * spent, and the client's retry is a new send (the kit seals every attempt afresh).
 */
export async function claimSend(db: Kysely<Database>, scope: string, nonce: string): Promise<void> {
  const claimed = await db
    .insertInto('request_log')
    .values({ scope, actor: sendActor, request_id: nonce, input_hash: sendActor, result_json: null, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['scope', 'actor', 'request_id']).doNothing())
    .executeTakeFirst();
  if (claimed.numInsertedOrUpdatedRows !== 1n) throw new AppError('envelope.replayed');
}

/** The actor of a recorded send: never a member's or staff member's id (those are UUIDs). */
export const sendActor = 'send';

/** Runs `work` once for `key` inside `tx`; a repeat of the key answers what the first run answered. */
export async function once<T>(tx: Tx, key: OnceKey, work: () => Promise<T>): Promise<T> {
  const hash = inputHash(key.input);
  const claimed = await tx
    .insertInto('request_log')
    .values({ scope: key.scope, actor: key.actor, request_id: key.requestId, input_hash: hash, result_json: null, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['scope', 'actor', 'request_id']).doNothing())
    .executeTakeFirst();
  if (claimed.numInsertedOrUpdatedRows === 1n) {
    const result = await work();
    await tx
      .updateTable('request_log')
      .set({ result_json: JSON.stringify(result ?? null) })
      .where('scope', '=', key.scope)
      .where('actor', '=', key.actor)
      .where('request_id', '=', key.requestId)
      .execute();
    return result;
  }
  const earlier = await tx
    .selectFrom('request_log')
    .select(['input_hash', 'result_json'])
    .where('scope', '=', key.scope)
    .where('actor', '=', key.actor)
    .where('request_id', '=', key.requestId)
    .executeTakeFirstOrThrow();
  if (earlier.input_hash !== hash && earlier.input_hash !== legacyInputHash) throw new AppError('ledger.requestIdReused');
  // Written in the claimer's transaction before it committed, so a visible claim has its answer.
  if (earlier.result_json === null) throw new Error(`request log: ${key.scope} claimed without an answer`);
  return JSON.parse(earlier.result_json) as T;
}

/**
 * The key of a keyed endpoint's request: scope the endpoint's name, the caller, the request id,
 * and as input the rest of the body less `omit` (passwords and codes: a secret is not kept, even
 * hashed; the client's new id per changed payload tells a new request from a retry).
 */
export function requestKey<B extends { requestId: string }>(scope: string, actor: string, body: B, omit: ReadonlyArray<keyof B> = []): OnceKey {
  const input: Record<string, unknown> = { ...body };
  delete input.requestId;
  for (const field of omit) delete input[field as string];
  return { scope, actor, requestId: body.requestId, input };
}

/** `once` for a keyed call; the work as it is without a key (a job or a seed calling the same service). */
export function onceIfKeyed<T>(tx: Tx, key: OnceKey | null | undefined, work: () => Promise<T>): Promise<T> {
  return key ? once(tx, key, work) : work();
}
