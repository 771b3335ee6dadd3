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
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { amountMaxMinor, formatMinor, parseAmount } from '@pp/contract';
import type { Db, Tx } from '../../db/index.ts';
import { num } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { ConfigService } from '../config/service.ts';
import type { LedgerRepository, TransferInput } from '../ledger/repository.ts';
import { tronAddress } from './derivation.ts';
import { minorOfRaw, type HeldChainDeposits, type HeldDepositRow } from './held-deposits.ts';
import type { ChainRpc, TransferLog } from './rpc.ts';
import type { ChainSettings } from './settings.ts';
import { notify, notifyMany } from '../notifications/notify.ts';

export const depositStatuses = ['confirming', 'credited', 'belowMinimum', 'received', 'heldForReview', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];
export type ChainDepositStatusValue = DepositStatus;

/** Most member addresses one lookup asks for; most deposits one settling pass reads. */
const lookupBatchMax = 500;
const settleBatchMax = 500;
/** Credits committed together: one commit (one fsync on SQLite) for many. */
const creditGroupMax = 500;
/**
 * Logs per multi-row INSERT of chain_deposits: 16 parameters a row, 8,000 a statement, inside
 * SQLite's variable limit (32,766) and PostgreSQL's (65,535). Decision 045.
 */
const storeChunk = 500;
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
      .values({ chain: this.chain, last_block: start - 1n, head_block: head, head_seen_at: BigInt(Date.now()), last_run_at: 0n, last_error: null, last_error_at: 0n, reorg_count: 0, updated_at: BigInt(Date.now()) })
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
    const stored = await this.db
      .selectFrom('chain_blocks')
      .select(['number', 'hash'])
      .where('chain', '=', this.chain)
      .orderBy('number', 'desc')
      .execute();
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
      (await this.db.selectFrom('chain_blocks').select(['number', 'hash']).where('chain', '=', this.chain).where('number', '>=', from).execute()).map((b) => [BigInt(b.number), b.hash]),
    );
    const consistent = logs.filter((l) => stored.get(l.blockNumber) === l.blockHash);
    const members = await this.membersOf(consistent);
    const mine = consistent.filter((log) => members.has(log.to));
    if (mine.length === 0) return;
    const storedBefore = result.logsStored;
    await inTransaction(this.db, async (tx) => {
      result.logsStored = storedBefore; // a retried attempt counts its logs again, not twice
      await this.storeLogs(tx, mine, members, Date.now());
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
    // The credited members' accounts exist before the range's transaction (one set-based commit).
    const deepMembers = new Set(mine.filter((log) => log.blockNumber <= deepest).map((log) => members.get(log.to)!));
    if (deepMembers.size > 0) await this.ledger.warmAccounts([...deepMembers].map((owner) => ({ owner, coinName: 'USDT', purpose: 'available' })));
    const now = Date.now();
    let credited = 0;
    // The range's logs, its recent hashes, the cursor and the credits of the logs already deep
    // enough move together (decision 045): a run stopped anywhere in between leaves the range
    // unread, and the next run reads it again.
    const storedBefore = result.logsStored;
    await inTransaction(this.db, async (tx) => {
      result.logsStored = storedBefore; // a retried attempt counts its logs again, not twice
      const inserted = await this.storeLogs(tx, mine, members, now);
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
      await tx.deleteFrom('chain_blocks').where('chain', '=', this.chain).where('number', '<=', head - this.windowBlocks).execute();
      await tx.updateTable('chain_cursors').set({ last_block: to, updated_at: BigInt(Date.now()) }).where('chain', '=', this.chain).execute();
      // Only the rows this transaction inserted are credited here; rows seen before are settled
      // by settle(). A ledger refusal rolls back the credits alone: they stay confirming for it.
      const due = inserted.filter((d) => BigInt(d.block_number) <= deepest);
      if (due.length === 0) return;
      await sql`savepoint range_credits`.execute(tx);
      try {
        credited = await this.settleSet(tx, due, minimum);
        await sql`release savepoint range_credits`.execute(tx);
      } catch (error) {
        if (!isLedgerRefusal(error)) throw error;
        await sql`rollback to savepoint range_credits`.execute(tx);
        await sql`release savepoint range_credits`.execute(tx);
        credited = 0;
      }
    });
    result.credited += credited;
    return true;
  }

  private async membersOf(logs: TransferLog[]): Promise<Map<string, string>> {
    const keys = [...new Set(logs.map((l) => l.to))];
    const out = new Map<string, string>();
    for (let i = 0; i < keys.length; i += lookupBatchMax) {
      const rows = await this.db
        .selectFrom('chain_addresses')
        .select(['match_key', 'member_id'])
        .where('chain', '=', this.chain)
        .where('match_key', 'in', keys.slice(i, i + lookupBatchMax))
        .execute();
      for (const r of rows) out.set(r.match_key, r.member_id);
    }
    return out;
  }

  private display(key: `0x${string}`): string {
    return this.chain === 'TRC20' ? tronAddress(Buffer.from(key.slice(2), 'hex')) : key;
  }

  /**
   * Stores the logs set-based (decision 045): multi-row INSERTs with ON CONFLICT DO NOTHING, and
   * returns the rows this statement inserted, the only ones a caller may credit at once. A log
   * seen before is the same log: if the node now puts it in another block, the row follows the
   * node while it is still confirming (one UPDATE each, rare); a settled row never changes.
   */
  private async storeLogs(tx: Tx, logs: TransferLog[], members: Map<string, string>, now: number): Promise<DueDeposit[]> {
    const rows = logs.map((log) => {
      const minor = minorOfRaw(log.value, this.settings.tokenDecimals);
      return {
        id: crypto.randomUUID(),
        chain: this.chain,
        tx_hash: log.txHash.toLowerCase(),
        log_index: log.logIndex,
        block_number: log.blockNumber,
        block_hash: log.blockHash,
        member_id: members.get(log.to)!,
        from_address: this.display(log.from),
        to_address: this.display(log.to),
        amount_raw: log.value.toString(),
        // Past the movement ceiling the amount cannot be credited; the raw value keeps the truth.
        amount: minor <= amountMaxMinor ? minor : 0n,
        status: 'confirming',
        transfer_id: null,
        seen_at: BigInt(now),
        settled_at: null,
      };
    });
    const insertedIds = new Set<string>();
    for (let i = 0; i < rows.length; i += storeChunk) {
      const returned = await tx
        .insertInto('chain_deposits')
        .values(rows.slice(i, i + storeChunk))
        .onConflict((oc) => oc.columns(['chain', 'tx_hash', 'log_index']).doNothing())
        .returning('id')
        .execute();
      for (const r of returned) insertedIds.add(r.id);
    }
    for (const row of rows) {
      if (insertedIds.has(row.id)) continue;
      await tx
        .updateTable('chain_deposits')
        .set({ block_number: row.block_number, block_hash: row.block_hash })
        .where('chain', '=', this.chain)
        .where('tx_hash', '=', row.tx_hash)
        .where('log_index', '=', row.log_index)
        .where('status', '=', 'confirming')
        .where('block_hash', '<>', row.block_hash)
        .execute();
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
   * one conditional UPDATE per chunk (`confirming` to `credited`, RETURNING the rows this
   * statement moved, so a row another runner claimed is never credited here), their credits
   * posted with one LedgerRepository.postMany (each carrying the log's key as its request id, a
   * second guard), their transfer ids written by one UPDATE, their notices by one notifyMany.
   * Below-minimum rows move with one UPDATE; rows past the movement ceiling, rare, one by one
   * (settleIn). A ledger refusal (a member at the balance ceiling) throws, for the caller to
   * roll back and settle one by one.
   */
  private async settleSet(tx: Tx, group: DueDeposit[], minimum: bigint): Promise<number> {
    const tooLarge: DueDeposit[] = [];
    const below: string[] = [];
    const toCredit: DueDeposit[] = [];
    for (const d of group) {
      const amount = BigInt(d.amount);
      if (amount === 0n && minorOfRaw(BigInt(d.amount_raw), this.settings.tokenDecimals) > amountMaxMinor) tooLarge.push(d);
      else if (amount === 0n || amount < minimum) below.push(d.id);
      else toCredit.push(d);
    }
    const now = BigInt(Date.now());
    for (const d of tooLarge) await this.settleIn(tx, d, minimum);
    for (let i = 0; i < below.length; i += updateChunk) {
      await tx.updateTable('chain_deposits').set({ status: 'belowMinimum', settled_at: now }).where('id', 'in', below.slice(i, i + updateChunk)).where('status', '=', 'confirming').execute();
    }
    const claimed = new Set<string>();
    for (let i = 0; i < toCredit.length; i += updateChunk) {
      const ids = toCredit.slice(i, i + updateChunk).map((d) => d.id);
      const moved = await tx.updateTable('chain_deposits').set({ status: 'credited', settled_at: now }).where('id', 'in', ids).where('status', '=', 'confirming').returning('id').execute();
      for (const r of moved) claimed.add(r.id);
    }
    const credits = toCredit.filter((d) => claimed.has(d.id));
    if (credits.length === 0) return 0;
    // The same input, key for key, as a single transfer would get, so its request hash matches.
    const inputs = credits.map(
      (d): TransferInput => ({
        requestId: creditRequestId(this.chain, d.tx_hash, num(d.log_index)),
        code: 'deposit',
        coinName: 'USDT',
        amount: BigInt(d.amount),
        debit: { owner: 'system', coinName: 'USDT', purpose: 'chainDeposits' },
        credit: { owner: d.member_id, coinName: 'USDT', purpose: 'available' },
        isPending: false,
        memo: `${this.chain}:${d.tx_hash}`,
      }),
    );
    await this.ledger.postMany(inputs, tx);
    // Each row's transfer id, by the request id the ledger row carries (its unique index).
    for (let i = 0; i < credits.length; i += updateChunk) {
      const ids = credits.slice(i, i + updateChunk).map((d) => d.id);
      await tx
        .updateTable('chain_deposits')
        .set((eb) => ({
          transfer_id: eb
            .selectFrom('ledger_transfers')
            .select('ledger_transfers.id')
            .where('ledger_transfers.request_id', '=', sql<string>`${'chain:'} || chain_deposits.chain || ${':'} || chain_deposits.tx_hash || ${':'} || chain_deposits.log_index`),
        }))
        .where('id', 'in', ids)
        .execute();
    }
    await notifyMany(
      tx,
      credits.map((d) => ({ memberId: d.member_id, type: 'depositCredited' as const, params: { amount: formatMinor(BigInt(d.amount)), coinName: 'USDT', chain: this.chain } })),
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
      return await this.ledger.inTransaction((tx) => this.settleSet(tx, group, minimum));
    } catch (error) {
      if (!isLedgerRefusal(error)) throw error;
    }
    let n = 0;
    for (const d of group) {
      try {
        if (await this.ledger.inTransaction((tx) => this.settleIn(tx, d, minimum))) n++;
      } catch (error) {
        if (!isLedgerRefusal(error)) throw error;
        await this.db.updateTable('chain_deposits').set({ status: 'received', settled_at: BigInt(Date.now()) }).where('id', '=', d.id).where('status', '=', 'confirming').execute();
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
      await this.ledger.inTransaction(async (tx) => {
        const moved = await tx.updateTable('chain_deposits').set({ status: 'heldForReview' }).where('id', '=', d.id).where('status', '=', 'received').executeTakeFirst();
        if (moved.numUpdatedRows === 1n) await this.held!.enqueue(tx, d, this.settings);
      });
    }
  }

  /** Settles one deposit inside `tx`: credited (true), below the minimum, held for staff, or received. */
  private async settleIn(tx: Tx, d: DueDeposit, minimum: bigint): Promise<boolean> {
    const amount = BigInt(d.amount);
    // Past the movement ceiling (stored with amount 0): never credited; held in the staff queue (decision 037).
    const isTooLarge = amount === 0n && minorOfRaw(BigInt(d.amount_raw), this.settings.tokenDecimals) > amountMaxMinor;
    const status: DepositStatus = isTooLarge ? (this.held ? 'heldForReview' : 'received') : amount === 0n || amount < minimum ? 'belowMinimum' : 'credited';
    const claimed = await tx
      .updateTable('chain_deposits')
      .set({ status, settled_at: BigInt(Date.now()) })
      .where('id', '=', d.id)
      .where('status', '=', 'confirming')
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 1n && status === 'heldForReview') await this.held!.enqueue(tx, d, this.settings);
    if (claimed.numUpdatedRows !== 1n || status !== 'credited') return false;
    const transfer = await this.ledger.transfer(
      {
        requestId: creditRequestId(this.chain, d.tx_hash, num(d.log_index)),
        code: 'deposit',
        coinName: 'USDT',
        amount,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'chainDeposits' },
        credit: { owner: d.member_id, coinName: 'USDT', purpose: 'available' },
        isPending: false,
        memo: `${this.chain}:${d.tx_hash}`,
      },
      tx,
    );
    await tx.updateTable('chain_deposits').set({ transfer_id: transfer.id }).where('id', '=', d.id).execute();
    await notify(tx, d.member_id, 'depositCredited', { amount: formatMinor(amount), coinName: 'USDT', chain: this.chain });
    return true;
  }
}
