/**
 * The chain watcher (decision 017): one job per chain reads the configured token contract's
 * Transfer logs and credits those to member addresses, once per (chain, transaction hash, log
 * index), after the configured confirmations.
 *
 * State lives in the database, so any process can run the next period and a crash loses nothing:
 * - `chain_cursors.last_block`: every log up to this block is stored. It moves forward only after
 *   a whole range is stored, so a run stopped mid-range reads that range again; storing a log
 *   twice is a no-op (unique key), and crediting twice is impossible (the deposit row's status
 *   moves from `confirming` with a conditional update, and the ledger transfer carries the log's
 *   key as its request id).
 * - `chain_blocks`: the hashes of the recent blocks read (the confirmation window and as much
 *   again). Each run first compares the newest stored hash with the node's; on a difference it
 *   walks down to the last block both agree on, rewinds the cursor there, and drops the logs of
 *   the replaced blocks that were not yet settled, so they are read again from the new chain.
 *   A log is settled only once its block is `confirmations` deep, so a reorg shallower than the
 *   confirmations never touches a credit; a deeper one is reported, never silently undone.
 */
import { CompiledQuery, PostgresAdapter, sql } from 'kysely';
import { amountMaxMinor, formatMinor, parseAmount } from '@pp/contract';
import { timeOrderedId } from '../../../db/ids.ts';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { settled, type LedgerRepository, type TransferInput } from '../../wallet/ledger/index.ts';
import { tronAddress } from './derivation.ts';
import { minorOfRaw, type HeldChainDeposits, type HeldDepositRow } from './held-deposits.ts';
import type { ChainRpc, TransferLog } from './rpc.ts';
import type { ChainSettings } from './settings.ts';
import { notify, notifyMany } from '../../engagement/notifications/index.ts';

export const depositStatuses = ['confirming', 'credited', 'belowMinimum', 'received', 'heldForReview', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];
export type ChainDepositStatusValue = DepositStatus;

/** Most deposits one settling pass reads. */
const settleBatchMax = 500;
/** Credits committed together: one commit (one fsync on SQLite) for many. */
const creditGroupMax = 500;
/**
 * Logs per multi-row INSERT of chain_deposits: 15 parameters a row, 15,000 a statement, inside
 * SQLite's variable limit (32,766) and PostgreSQL's (65,535). Decision 045.
 */
const storeChunk = 1000;
/** Rows per UPDATE ... FROM (VALUES ...) of the settle and block-change statements. */
const updateChunk = 1000;
/** Longest error text kept in the chain's health row. */
const errorTextMax = 500;

/** A deposit due for settling: the columns a held one is made from, and its points amount. */
interface DueDeposit extends HeldDepositRow {
  amount: number | bigint;
}

/** The ledger's refusals that leave a deposit received rather than credited (decision 008 ceilings). */
function isLedgerRefusal(error: unknown): boolean {
  return error instanceof AppError && (error.key === 'ledger.balanceTooLarge' || error.key === 'ledger.amountTooLarge');
}

/**
 * The watcher's large statements are written here as text with their parameters and run as one
 * compiled query each: building a 15,000-parameter INSERT through the query builder cost more
 * CPU than SQLite spent running it (decision 045, 2026-11-28). PostgreSQL numbers its
 * parameters; in a VALUES list that is not an INSERT's it needs their types too.
 */
type Cell = string | number | bigint | null;
function valuesList(isPg: boolean, rows: Cell[][], casts: readonly string[], params: Cell[]): string {
  const out: string[] = [];
  for (const row of rows) {
    const cells: string[] = [];
    for (let i = 0; i < row.length; i++) {
      params.push(row[i]!);
      cells.push(isPg ? `$${params.length}${casts[i] ? `::${casts[i]}` : ''}` : '?');
    }
    out.push(`(${cells.join(', ')})`);
  }
  return out.join(', ');
}
function param(isPg: boolean, params: Cell[], value: Cell, cast = ''): string {
  params.push(value);
  return isPg ? `$${params.length}${cast ? `::${cast}` : ''}` : '?';
}
async function run<R>(tx: Tx | Db, text: string, params: Cell[]): Promise<R[]> {
  return (await tx.executeQuery<R>(CompiledQuery.raw(text, params))).rows;
}

/** What a stored log is at once: still confirming, or (deep enough) credited or below the minimum. */
type StoreOutcome = { status: 'confirming' } | { status: 'credited'; transferId: string } | { status: 'belowMinimum' };

/** A chain_deposits row as stored, with what it became. */
interface StoredRow extends DueDeposit {
  block_hash: string;
  outcome: StoreOutcome;
}

export interface WatchRunResult {
  head: bigint;
  lastBlock: bigint;
  logsStored: number;
  credited: number;
  reorgs: number;
}

export interface WatchHooks {
  /** Called after each log is stored; tests throw here to stop a run mid-range. */
  afterLogStored?: (countInRun: number) => void;
  signal?: AbortSignal;
}

/** The ledger request id of a credit: the log's unique key. */
export function creditRequestId(chain: string, txHash: string, logIndex: number): string {
  return `chain:${chain}:${txHash.toLowerCase()}:${logIndex}`;
}

export class ChainWatcher {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly settingsService: ConfigService,
    readonly settings: ChainSettings,
    private readonly rpc: ChainRpc,
    /** The staff queue of deposits above the movement ceiling (decision 037); without it they stay `received`. */
    private readonly held: HeldChainDeposits | null = null,
  ) {}

  get chain() {
    return this.settings.chain;
  }

  /** Blocks whose hashes are kept: the confirmation window and as much again. */
  private get windowBlocks(): bigint {
    return BigInt(this.settings.confirmations * 2 + 2);
  }

  async run(hooks: WatchHooks = {}): Promise<WatchRunResult> {
    const result: WatchRunResult = { head: 0n, lastBlock: -1n, logsStored: 0, credited: 0, reorgs: 0 };
    try {
      const head = await this.rpc.headBlock();
      result.head = head;
      let last = await this.cursor(head);
      const rewound = await this.checkReorg(last, head);
      if (rewound !== null) {
        last = rewound;
        result.reorgs++;
      }
      await this.rereadUnconfirmed(last, result, hooks);
      const minimum = await this.minimum();
      let budget = BigInt(this.settings.runBlocksMax);
      while (last < head && budget > 0n && !hooks.signal?.aborted) {
        const from = last + 1n;
        let to = from + BigInt(this.settings.logRangeBlocksMax) - 1n;
        if (to > head) to = head;
        if (to - from + 1n > budget) to = from + budget - 1n;
        const stored = await this.readRange(from, to, head, minimum, result, hooks);
        if (!stored) break;
        budget -= to - from + 1n;
        last = to;
      }
      result.lastBlock = last;
      result.credited += await this.settle(head, minimum);
      const now = Date.now();
      await this.db
        .updateTable('chain_cursors')
        .set({ head_block: head, head_seen_at: BigInt(now), last_run_at: BigInt(now), updated_at: BigInt(now) })
        .where('chain', '=', this.chain)
        .execute();
      return result;
    } catch (error) {
      const now = Date.now();
      const text = (error instanceof Error ? error.message : String(error)).slice(0, errorTextMax);
      await this.db
        .updateTable('chain_cursors')
        .set({ last_error: text, last_error_at: BigInt(now), last_run_at: BigInt(now), updated_at: BigInt(now) })
        .where('chain', '=', this.chain)
        .execute()
        .catch(() => undefined);
      throw error;
    }
  }

  /** The cursor, made on first sight: the configured start block, or the current head. */
  private async cursor(head: bigint): Promise<bigint> {
    const row = await this.db.selectFrom('chain_cursors').select('last_block').where('chain', '=', this.chain).executeTakeFirst();
    if (row) return BigInt(row.last_block);
    const start = this.settings.startBlock >= 0 ? BigInt(this.settings.startBlock) : head;
    await this.db
      .insertInto('chain_cursors')
      .values({
        chain: this.chain,
        last_block: start - 1n,
        head_block: head,
        head_seen_at: BigInt(Date.now()),
        last_run_at: 0n,
        last_error: null,
        last_error_at: 0n,
        reorg_count: 0,
        updated_at: BigInt(Date.now()),
      })
      .onConflict((oc) => oc.column('chain').doNothing())
      .execute();
    const made = await this.db.selectFrom('chain_cursors').select('last_block').where('chain', '=', this.chain).executeTakeFirstOrThrow();
    return BigInt(made.last_block);
  }

  /**
   * Compares the stored recent hashes with the node's, newest first. A block hash commits to all
   * its ancestors, so when the newest stored block still matches, nothing below it changed.
   * Returns the block to rewind the cursor to, or null when the chain is as stored.
   */
  private async checkReorg(last: bigint, head: bigint): Promise<bigint | null> {
    const stored = await this.db.selectFrom('chain_blocks').select(['number', 'hash']).where('chain', '=', this.chain).orderBy('number', 'desc').execute();
    let common: bigint | null = null;
    let isChanged = false;
    for (const block of stored) {
      const number = BigInt(block.number);
      const onChain = number <= head ? await this.rpc.blockHash(number) : null;
      if (onChain === block.hash) {
        common = number;
        break;
      }
      isChanged = true;
    }
    if (!isChanged) return null;
    // No stored block matches: the reorg is deeper than the kept window; rewind below all of it.
    const lowest = stored.length > 0 ? BigInt(stored[stored.length - 1]!.number) : last + 1n;
    const rewindTo = common ?? lowest - 1n;
    await inTransaction(this.db, async (tx) => {
      await tx.deleteFrom('chain_blocks').where('chain', '=', this.chain).where('number', '>', rewindTo).execute();
      await tx.deleteFrom('chain_deposits').where('chain', '=', this.chain).where('status', '=', 'confirming').where('block_number', '>', rewindTo).execute();
      const settled = await tx
        .selectFrom('chain_deposits')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .where('chain', '=', this.chain)
        .where('block_number', '>', rewindTo)
        .executeTakeFirstOrThrow();
      const now = BigInt(Date.now());
      await tx
        .updateTable('chain_cursors')
        .set((eb) => ({
          last_block: rewindTo < last ? rewindTo : last,
          reorg_count: eb('reorg_count', '+', 1),
          updated_at: now,
          // A reorg deeper than the confirmations replaced a block with settled deposits: staff must look.
          ...(num(settled.n) > 0
            ? { last_error: `reorg below block ${rewindTo + 1n} replaced ${num(settled.n)} settled deposit(s); check them on the explorer`, last_error_at: now }
            : {}),
        }))
        .where('chain', '=', this.chain)
        .execute();
    });
    return rewindTo < last ? rewindTo : last;
  }

  /**
   * Reads the blocks already read but not yet confirmed once more. A node behind a load balancer
   * can answer eth_getLogs from a backend that has not seen the newest block yet, and an empty
   * answer looks like no transfers; reading the confirmation window again on every run picks up
   * such a log before its block is deep enough to settle. Storing is idempotent; a log whose
   * block hash is not the one stored is left to the next run's reorg check.
   */
  private async rereadUnconfirmed(last: bigint, result: WatchRunResult, hooks: WatchHooks): Promise<void> {
    let from = last - BigInt(this.settings.confirmations) + 1n;
    const rangeStart = last - BigInt(this.settings.logRangeBlocksMax) + 1n;
    if (rangeStart > from) from = rangeStart;
    if (from < 0n) from = 0n;
    if (last < from) return;
    const logs = await this.rpc.transferLogs(this.settings.tokenMatchKey, from, last);
    if (logs.length === 0) return;
    const stored = new Map(
      (await this.db.selectFrom('chain_blocks').select(['number', 'hash']).where('chain', '=', this.chain).where('number', '>=', from).execute()).map((b) => [
        BigInt(b.number),
        b.hash,
      ]),
    );
    const consistent = logs.filter((l) => stored.get(l.blockNumber) === l.blockHash);
    const members = await this.membersOf(consistent);
    const mine = consistent.filter((log) => members.has(log.to));
    if (mine.length === 0) return;
    const storedBefore = result.logsStored;
    await inTransaction(this.db, async (tx) => {
      result.logsStored = storedBefore; // a retried attempt counts its logs again, not twice
      await this.storeLogs(tx, mine, members, Date.now(), () => ({ status: 'confirming' }));
      for (let i = 0; i < mine.length; i++) {
        result.logsStored++;
        hooks.afterLogStored?.(result.logsStored);
      }
    });
  }

  /**
   * Reads [from, to] and stores every Transfer log to a member address, then the hashes of the
   * range's recent blocks, then moves the cursor to `to`. Returns false (nothing advanced) when
   * the node changed its chain between the two reads; the next run sorts it out.
   */
  private async readRange(from: bigint, to: bigint, head: bigint, minimum: bigint, result: WatchRunResult, hooks: WatchHooks): Promise<boolean> {
    const logs = await this.rpc.transferLogs(this.settings.tokenMatchKey, from, to);
    const windowStart = head - this.windowBlocks + 1n > from ? head - this.windowBlocks + 1n : from;
    const hashes = new Map<bigint, string>();
    for (let n = windowStart; n <= to; n++) {
      const hash = await this.rpc.blockHash(n);
      if (hash === null) return false;
      hashes.set(n, hash);
    }
    if (logs.some((l) => hashes.has(l.blockNumber) && hashes.get(l.blockNumber) !== l.blockHash)) return false;
    const members = await this.membersOf(logs);
    const mine = logs.filter((log) => members.has(log.to));
    const deepest = head - BigInt(this.settings.confirmations) + 1n;
    // What each log deep enough becomes as it is stored (decision 045): credited (its transfer id
    // chosen here), below the minimum, or, past the movement ceiling, confirming until settleIn
    // holds it below. A log read before keeps its row; only the rows this transaction inserts
    // take these outcomes, so a log is credited by the statement that first stores it, or later
    // by settle(), never both.
    const outcomeOf = (log: TransferLog, amount: bigint): StoreOutcome => {
      if (log.blockNumber > deepest || this.isTooLarge(amount, log.value)) return { status: 'confirming' };
      if (amount === 0n || amount < minimum) return { status: 'belowMinimum' };
      return { status: 'credited', transferId: timeOrderedId() };
    };
    // The credited members' accounts exist before the range's transaction (one set-based commit).
    const deepMembers = new Set(mine.filter((log) => log.blockNumber <= deepest).map((log) => members.get(log.to)!));
    if (deepMembers.size > 0) await this.ledger.warmAccounts([...deepMembers].map((owner) => ({ owner, coinName: 'USDT', purpose: 'available' })));
    const now = Date.now();
    let credited = 0;
    // The range's logs, their credits, its recent hashes and the cursor move together (decision
    // 045): a run stopped anywhere in between leaves the range unread, and the next run reads it
    // again.
    const storedBefore = result.logsStored;
    await inTransaction(this.db, async (tx) => {
      result.logsStored = storedBefore; // a retried attempt counts its logs again, not twice
      credited = 0;
      const isDeep = mine.some((log) => log.blockNumber <= deepest);
      if (isDeep) await sql`savepoint range_credits`.execute(tx);
      try {
        const inserted = await this.storeLogs(tx, mine, members, now, outcomeOf);
        if (isDeep) {
          credited = await this.creditStored(tx, inserted, minimum, deepest);
          await sql`release savepoint range_credits`.execute(tx);
        }
      } catch (error) {
        if (!isDeep || !isLedgerRefusal(error)) throw error;
        // A ledger refusal (a member at the balance ceiling) undoes the credits alone: the logs
        // are stored confirming, and settle() takes them one by one, leaving that one received.
        await sql`rollback to savepoint range_credits`.execute(tx);
        await sql`release savepoint range_credits`.execute(tx);
        credited = 0;
        await this.storeLogs(tx, mine, members, now, () => ({ status: 'confirming' }));
      }
      for (let i = 0; i < mine.length; i++) {
        result.logsStored++;
        hooks.afterLogStored?.(result.logsStored);
      }
      const blocks = [...hashes].map(([number, hash]) => ({ chain: this.chain, number, hash }));
      if (blocks.length > 0) {
        await tx
          .insertInto('chain_blocks')
          .values(blocks)
          .onConflict((oc) => oc.columns(['chain', 'number']).doUpdateSet((eb) => ({ hash: eb.ref('excluded.hash') })))
          .execute();
      }
      await tx
        .deleteFrom('chain_blocks')
        .where('chain', '=', this.chain)
        .where('number', '<=', head - this.windowBlocks)
        .execute();
      await tx
        .updateTable('chain_cursors')
        .set({ last_block: to, updated_at: BigInt(Date.now()) })
        .where('chain', '=', this.chain)
        .execute();
    });
    result.credited += credited;
    return true;
  }

  /**
   * The rows storeLogs just inserted, settled: the credited ones posted with one
   * LedgerRepository.postMany under the transfer ids their rows carry (and the log's key as
   * request id, a second guard), told with one notifyMany; the ones past the movement ceiling
   * held one by one (settleIn, decision 037). A ledger refusal throws, for the caller to undo.
   */
  private async creditStored(tx: Tx, inserted: StoredRow[], minimum: bigint, deepest: bigint): Promise<number> {
    const credits: Array<{ d: StoredRow; transferId: string }> = [];
    for (const d of inserted) {
      if (d.outcome.status === 'credited') credits.push({ d, transferId: d.outcome.transferId });
    }
    if (credits.length > 0) {
      await this.ledger.postMany(
        credits.map(({ d }) => this.creditInput(d)),
        tx,
        credits.map((c) => c.transferId),
      );
      await notifyMany(
        tx,
        credits.map(({ d }) => this.creditNotice(d)),
      );
    }
    // Deep rows stored confirming are those past the ceiling: held (or received) here, in this transaction.
    for (const d of inserted) {
      if (d.outcome.status === 'confirming' && BigInt(d.block_number) <= deepest && this.isTooLarge(BigInt(d.amount), BigInt(d.amount_raw)))
        await this.settleIn(tx, d, minimum);
    }
    return credits.length;
  }

  /** The ledger transfer of a credit; the same input, key for key, as settleIn's, so the request hash matches. */
  private creditInput(d: DueDeposit): TransferInput {
    return {
      requestId: creditRequestId(this.chain, d.tx_hash, num(d.log_index)),
      code: 'deposit',
      coinName: 'USDT',
      amount: BigInt(d.amount),
      debit: { owner: 'system', coinName: 'USDT', purpose: 'chainDeposits' },
      credit: { owner: d.member_id, coinName: 'USDT', purpose: 'available' },
      isPending: false,
      memo: `${this.chain}:${d.tx_hash}`,
    };
  }

  private creditNotice(d: DueDeposit) {
    return { memberId: d.member_id, type: 'depositCredited' as const, params: { amount: formatMinor(BigInt(d.amount)), coinName: 'USDT', chain: this.chain } };
  }

  /** Past the movement ceiling: stored with amount 0, never credited (decision 037). */
  private isTooLarge(amount: bigint, raw: bigint): boolean {
    return amount === 0n && minorOfRaw(raw, this.settings.tokenDecimals) > amountMaxMinor;
  }

  private isPg(db: Db | Tx): boolean {
    return db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** The member of each address among the logs: one statement for the whole range. */
  private async membersOf(logs: TransferLog[]): Promise<Map<string, string>> {
    const keys = [...new Set(logs.map((l) => l.to))];
    const out = new Map<string, string>();
    if (keys.length === 0) return out;
    const rows = this.isPg(this.db)
      ? await run<{ match_key: string; member_id: string }>(
          this.db,
          'select match_key, member_id from chain_addresses where chain = $1 and match_key = any($2::text[])',
          [this.chain, keys as unknown as string],
        )
      : await run<{ match_key: string; member_id: string }>(
          this.db,
          'select match_key, member_id from chain_addresses where chain = ? and match_key in (select value from json_each(?))',
          [this.chain, JSON.stringify(keys)],
        );
    for (const r of rows) out.set(r.match_key, r.member_id);
    return out;
  }

  private display(key: `0x${string}`): string {
    return this.chain === 'TRC20' ? tronAddress(Buffer.from(key.slice(2), 'hex')) : key;
  }

  /**
   * Stores the logs set-based (decision 045): multi-row INSERTs with ON CONFLICT DO NOTHING, and
   * returns the rows this statement inserted, the only ones a caller may credit at once. Each
   * row is stored as `outcome` says (a credit with its settled time and transfer id). A log seen
   * before is the same log: if the node now puts it in another block, the row follows the node
   * while it is still confirming (one UPDATE ... FROM (VALUES ...) a chunk); a settled row never
   * changes.
   */
  private async storeLogs(
    tx: Tx,
    logs: TransferLog[],
    members: Map<string, string>,
    now: number,
    outcome: (log: TransferLog, amount: bigint) => StoreOutcome,
  ): Promise<StoredRow[]> {
    const isPg = this.isPg(tx);
    const seen = new Set<string>();
    const rows: StoredRow[] = [];
    for (const log of logs) {
      const txHash = log.txHash.toLowerCase();
      // The same log twice in one answer is stored (and credited) once.
      const key = `${txHash}:${log.logIndex}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const minor = minorOfRaw(log.value, this.settings.tokenDecimals);
      // Past the movement ceiling the amount cannot be credited; the raw value keeps the truth.
      const amount = minor <= amountMaxMinor ? minor : 0n;
      rows.push({
        id: timeOrderedId(now),
        chain: this.chain,
        tx_hash: txHash,
        log_index: log.logIndex,
        block_number: log.blockNumber,
        block_hash: log.blockHash,
        member_id: members.get(log.to)!,
        from_address: this.display(log.from),
        to_address: this.display(log.to),
        amount_raw: log.value.toString(),
        amount,
        outcome: outcome(log, amount),
      });
    }
    const insertedIds = new Set<string>();
    const at = BigInt(now);
    for (let i = 0; i < rows.length; i += storeChunk) {
      const params: Cell[] = [];
      const values = valuesList(
        isPg,
        rows
          .slice(i, i + storeChunk)
          .map((r) => [
            r.id,
            r.chain,
            r.tx_hash,
            r.log_index,
            r.block_number,
            r.block_hash,
            r.member_id,
            r.from_address,
            r.to_address,
            r.amount_raw,
            r.amount,
            r.outcome.status,
            r.outcome.status === 'credited' ? r.outcome.transferId : null,
            at,
            r.outcome.status === 'confirming' ? null : at,
          ]),
        [],
        params,
      );
      const returned = await run<{ id: string }>(
        tx,
        `insert into chain_deposits (id, chain, tx_hash, log_index, block_number, block_hash, member_id, from_address, to_address, amount_raw, amount, status, transfer_id, seen_at, settled_at)
          values ${values} on conflict (chain, tx_hash, log_index) do nothing returning id`,
        params,
      );
      for (const r of returned) insertedIds.add(r.id);
    }
    const again = rows.filter((row) => !insertedIds.has(row.id));
    for (let i = 0; i < again.length; i += updateChunk) {
      const params: Cell[] = [];
      const values = valuesList(
        isPg,
        again.slice(i, i + updateChunk).map((r) => [r.tx_hash, r.log_index, r.block_number, r.block_hash]),
        ['text', 'integer', 'bigint', 'text'],
        params,
      );
      const chain = param(isPg, params, this.chain);
      await run(
        tx,
        `with v(tx_hash, log_index, block_number, block_hash) as (values ${values})
          update chain_deposits set block_number = v.block_number, block_hash = v.block_hash from v
          where chain_deposits.chain = ${chain} and chain_deposits.tx_hash = v.tx_hash and chain_deposits.log_index = v.log_index
            and chain_deposits.status = 'confirming' and chain_deposits.block_hash <> v.block_hash`,
        params,
      );
    }
    return rows.filter((row) => insertedIds.has(row.id));
  }

  /** The deposit minimum (setting `deposit.minimumAmount`), read once a run. */
  private async minimum(): Promise<bigint> {
    return parseAmount(await this.settingsService.get('deposit.minimumAmount')) ?? 0n;
  }

  /** Settles every confirming deposit whose block is deep enough: credit, below minimum, held, or received. */
  private async settle(head: bigint, minimum: bigint): Promise<number> {
    await this.holdReceived();
    const deepest = head - BigInt(this.settings.confirmations) + 1n;
    let credited = 0;
    for (;;) {
      const due = await this.db
        .selectFrom('chain_deposits')
        .selectAll()
        .where('chain', '=', this.chain)
        .where('status', '=', 'confirming')
        .where('block_number', '<=', deepest)
        .orderBy('block_number')
        .orderBy('log_index')
        .limit(settleBatchMax)
        .execute();
      if (due.length === 0) return credited;
      await this.ledger.warmAccounts([...new Set(due.map((d) => d.member_id))].map((owner) => ({ owner, coinName: 'USDT', purpose: 'available' })));
      for (let i = 0; i < due.length; i += creditGroupMax) credited += await this.settleGroup(due.slice(i, i + creditGroupMax), minimum);
    }
  }

  /**
   * Settles deposits inside `tx`, set-based (decision 045): the ones to credit are claimed with
   * one conditional UPDATE per chunk that also writes the transfer id chosen for each
   * (`confirming` to `credited`, RETURNING the rows this statement moved, so a row another runner
   * claimed is never credited here), their credits posted under those ids with one
   * LedgerRepository.postMany (each carrying the log's key as its request id, a second guard),
   * their notices by one notifyMany. Below-minimum rows move with one UPDATE; rows past the
   * movement ceiling, rare, one by one (settleIn). A ledger refusal (a member at the balance
   * ceiling) throws, for the caller to roll back and settle one by one.
   */
  private async settleSet(tx: Tx, group: DueDeposit[], minimum: bigint): Promise<number> {
    const isPg = this.isPg(tx);
    const tooLarge: DueDeposit[] = [];
    const below: string[] = [];
    const toCredit: DueDeposit[] = [];
    for (const d of group) {
      const amount = BigInt(d.amount);
      if (this.isTooLarge(amount, BigInt(d.amount_raw))) tooLarge.push(d);
      else if (amount === 0n || amount < minimum) below.push(d.id);
      else toCredit.push(d);
    }
    const now = BigInt(Date.now());
    for (const d of tooLarge) await this.settleIn(tx, d, minimum);
    for (let i = 0; i < below.length; i += updateChunk) {
      await tx
        .updateTable('chain_deposits')
        .set({ status: 'belowMinimum', settled_at: now })
        .where('id', 'in', below.slice(i, i + updateChunk))
        .where('status', '=', 'confirming')
        .execute();
    }
    const transferIds = new Map<string, string>();
    for (let i = 0; i < toCredit.length; i += updateChunk) {
      const params: Cell[] = [];
      const values = valuesList(
        isPg,
        toCredit.slice(i, i + updateChunk).map((d) => [d.id, timeOrderedId()]),
        ['text', 'text'],
        params,
      );
      const at = param(isPg, params, now, 'bigint');
      const moved = await run<{ id: string; transfer_id: string }>(
        tx,
        `with v(id, transfer_id) as (values ${values})
          update chain_deposits set status = 'credited', settled_at = ${at}, transfer_id = v.transfer_id from v
          where chain_deposits.id = v.id and chain_deposits.status = 'confirming'
          returning chain_deposits.id, chain_deposits.transfer_id`,
        params,
      );
      for (const r of moved) transferIds.set(r.id, r.transfer_id);
    }
    const credits = toCredit.filter((d) => transferIds.has(d.id));
    if (credits.length === 0) return 0;
    await this.ledger.postMany(
      credits.map((d) => this.creditInput(d)),
      tx,
      credits.map((d) => transferIds.get(d.id)!),
    );
    await notifyMany(
      tx,
      credits.map((d) => this.creditNotice(d)),
    );
    return credits.length;
  }

  /**
   * Settles a group in one transaction (one commit for many credits); when the ledger refuses one
   * of them (a member at the balance ceiling), the group is settled again one by one, so only
   * that deposit is left as received.
   */
  private async settleGroup(group: DueDeposit[], minimum: bigint): Promise<number> {
    try {
      return await inTransaction(this.db, (tx) => this.settleSet(tx, group, minimum), { groupCommit: true });
    } catch (error) {
      if (!isLedgerRefusal(error)) throw error;
    }
    let n = 0;
    for (const d of group) {
      try {
        if (await inTransaction(this.db, (tx) => this.settleIn(tx, d, minimum), { groupCommit: true })) n++;
      } catch (error) {
        if (!isLedgerRefusal(error)) throw error;
        await this.db
          .updateTable('chain_deposits')
          .set({ status: 'received', settled_at: BigInt(Date.now()) })
          .where('id', '=', d.id)
          .where('status', '=', 'confirming')
          .execute();
      }
    }
    return n;
  }

  /**
   * Deposits above the movement ceiling left `received` (amount 0) before the staff queue existed,
   * or while none was wired: each moves to heldForReview with its review item, in one
   * transaction, once (the status moves from `received` with a conditional update).
   */
  private async holdReceived(): Promise<void> {
    if (!this.held) return;
    const rows = await this.db
      .selectFrom('chain_deposits')
      .selectAll()
      .where('chain', '=', this.chain)
      .where('status', '=', 'received')
      .where('amount', '=', 0n)
      .limit(settleBatchMax)
      .execute();
    for (const d of rows) {
      if (minorOfRaw(BigInt(d.amount_raw), this.settings.tokenDecimals) <= amountMaxMinor) continue;
      await inTransaction(
        this.db,
        async (tx) => {
          const moved = await tx
            .updateTable('chain_deposits')
            .set({ status: 'heldForReview' })
            .where('id', '=', d.id)
            .where('status', '=', 'received')
            .executeTakeFirst();
          if (moved.numUpdatedRows === 1n) await this.held!.enqueue(tx, d, this.settings);
        },
        { groupCommit: true },
      );
    }
  }

  /** Settles one deposit inside `tx`: credited (true), below the minimum, held for staff, or received. */
  private async settleIn(tx: Tx, d: DueDeposit, minimum: bigint): Promise<boolean> {
    const amount = BigInt(d.amount);
    // Past the movement ceiling (stored with amount 0): never credited; held in the staff queue (decision 037).
    const isTooLarge = this.isTooLarge(amount, BigInt(d.amount_raw));
    const status: DepositStatus = isTooLarge ? (this.held ? 'heldForReview' : 'received') : amount === 0n || amount < minimum ? 'belowMinimum' : 'credited';
    const claimed = await tx
      .updateTable('chain_deposits')
      .set({ status, settled_at: BigInt(Date.now()) })
      .where('id', '=', d.id)
      .where('status', '=', 'confirming')
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 1n && status === 'heldForReview') await this.held!.enqueue(tx, d, this.settings);
    if (claimed.numUpdatedRows !== 1n || status !== 'credited') return false;
    const transfer = settled(await this.ledger.transfer(this.creditInput(d), tx));
    await tx.updateTable('chain_deposits').set({ transfer_id: transfer.id }).where('id', '=', d.id).execute();
    const notice = this.creditNotice(d);
    await notify(tx, notice.memberId, notice.type, notice.params);
    return true;
  }
}
