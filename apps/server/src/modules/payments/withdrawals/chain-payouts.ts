/**
 * On-chain payouts of approved withdrawals (decision 019): the BEP20 hot wallet (the
 * `withdrawal-payout` job, or staff asking for one order) and staff's own transfers checked by
 * their hash (BEP20 and TRC20).
 *
 * Exactly once: a hot-wallet transfer is signed first, and its raw bytes, hash and nonce are
 * stored with the order's move to processing in one database transaction; only then is it
 * broadcast. A crash after that leaves the bytes in the order, and the next run sends the same
 * bytes again (same nonce, same hash: it cannot pay twice). The job settles every processing
 * order before it sends a new one, and sends at most one per run, so the wallet never has two of
 * its payouts outstanding and nonces never race. The store takes a lock (PostgreSQL advisory
 * lock; SQLite runs one write transaction at a time) and checks again that none is outstanding,
 * so a staff click racing the job, or a second process, cannot store a second one.
 *
 * The order becomes success, and its holds are posted, only when the transfer is on chain with
 * the configured confirmations and a Transfer log of the token to the order's address for exactly
 * its amount (markPaid in order-state.ts).
 */
import type { z } from 'zod';
import { PostgresAdapter, sql } from 'kysely';
import type { hotWalletStatusResponse, WithdrawalStatus } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import type { JobDefinition } from '../../../jobs/runner.ts';
import { AppError } from '../../../errors.ts';
import type { Actor, AuditService } from '../../platform/audit/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { isUniqueViolation } from '../../wallet/ledger/index.ts';
import { formatMinor, parseAmount } from '@pp/contract';
import type { LedgerRepository } from '../../wallet/ledger/index.ts';
import { markPaid, moveStatus, orderRow, type WithdrawalRow } from './order-state.ts';
import type { HotWallet, PayoutChainReader } from './payout-chain.ts';
import { viemHotWallet, viemPayoutReader } from './payout-chain-viem.ts';
import type { ChainSettings } from '../chain/index.ts';
import type { HotWalletKey } from './hot-wallet-settings.ts';
import { inTransaction } from '../../../db/transaction.ts';

/** Every 15 seconds (croner, seconds first); one runner across processes (decision 012). */
export const payoutJobSchedule = '*/15 * * * * *';
/** How much older than its order a hand-paid transfer's block may be (clocks differ). */
export const manualPayoutSkewMs = 5 * 60_000;

export const payoutJobName = 'withdrawal-payout';
const dayMs = 86_400_000;
/** The longest error text kept on an order (the whole one is in the job's run record). */
const errorTextMax = 500;
/** An advisory lock key for the store step (PostgreSQL): any fixed number unique in this schema's use. */
const storeLockKey = 190_019;

type Readers = Partial<Record<'BEP20' | 'TRC20', PayoutChainReader>>;
export type HotWalletStatus = z.input<typeof hotWalletStatusResponse>;
export interface PayoutResult {
  status: WithdrawalStatus;
  txHash: string | null;
}

function errorText(prefix: string, error: unknown): string {
  const e = error as { shortMessage?: string; message?: string };
  return `${prefix}: ${e.shortMessage ?? e.message ?? String(error)}`.slice(0, errorTextMax);
}

/** 0x + 64 lower-case hex digits, whatever case and prefix staff pasted. */
export function normalTxHash(text: string): `0x${string}` {
  const bare = text.trim().replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(bare)) throw new AppError('request.invalid', undefined, 'txHash', 'validation.enterTxHash');
  return `0x${bare}`;
}

/** Fixed 18 decimals, as the contract describes the gas balance. */
function weiText(wei: bigint): string {
  return formatMinor(wei, 18);
}

export class ChainPayoutService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly settings: ConfigService,
    private readonly audit: AuditService,
    private readonly hotWallet: HotWallet | null,
    private readonly readers: Readers,
  ) {}

  /** Whether any payout chain is configured (no chain: no job, like the deposit watchers). */
  get isConfigured(): boolean {
    return this.hotWallet !== null || Object.keys(this.readers).length > 0;
  }

  /** The job (one runner across processes): settle, then send at most one new payout. */
  job(): JobDefinition {
    return {
      name: payoutJobName,
      schedule: payoutJobSchedule,
      run: async () => {
        await this.runOnce();
      },
    };
  }

  /**
   * One run: settles every processing hot-wallet order, then, when none is outstanding and
   * automatic payouts are on, sends the oldest eligible BEP20 order. Returns what it did (tests).
   */
  async runOnce(): Promise<{ settled: number; sentOrderId: string | null; error: string | null }> {
    const settled = await this.settleProcessing();
    if (!this.hotWallet || !(await this.settings.get('withdrawal.autoPayout'))) return { settled, sentOrderId: null, error: null };
    if (await this.outstanding(this.db)) return { settled, sentOrderId: null, error: null };
    const limits = await this.limits();
    const used = await this.dailyUsed(this.db);
    const room = limits.dailyMax - used;
    const perPayout = room < limits.perPayoutMax ? room : limits.perPayoutMax;
    if (perPayout <= 0n) return { settled, sentOrderId: null, error: null };
    // Oldest first; an order whose last attempt failed goes after those never tried, so one
    // order the wallet cannot pay (say, more than it holds) does not hold up the others.
    const next = await this.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('status', '=', 'pendingDisbursement')
      .where('channel', '=', 'chain')
      .where('chain', '=', 'BEP20')
      .where('amount', '<=', perPayout)
      .orderBy(sql`case when last_error is null then 0 else 1 end`)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return { settled, sentOrderId: null, error: null };
    try {
      await this.send(next, null);
    } catch (error) {
      // Lost a race (another process, a staff click: nothing stored, nothing sent), or the
      // transfer could not be signed (the error is on the order for staff; the next run tries again).
      return { settled, sentOrderId: null, error: error instanceof AppError ? error.key : errorText('prepare', error) };
    }
    return { settled, sentOrderId: next.id, error: null };
  }

  /** Staff ask the hot wallet to pay one order now (whatever `withdrawal.autoPayout` says). */
  async payWithHotWallet(actor: Actor, id: string): Promise<PayoutResult> {
    const order = await orderRow(this.db as unknown as Tx, id);
    if (order.status !== 'pendingDisbursement') throw new AppError('withdrawal.wrongState');
    if (!this.hotWallet) throw new AppError('payout.hotWalletOff');
    if (order.channel !== 'chain' || order.chain !== this.hotWallet.chain) throw new AppError('payout.notEligible');
    await this.checkLimits(this.db, BigInt(order.amount), await this.limits());
    // One payout outstanding at a time: the job settles it first (nonces).
    if (await this.outstanding(this.db)) throw new AppError('payout.notEligible');
    let balances;
    try {
      balances = await this.hotWallet.balances();
    } catch {
      throw new AppError('payout.chainUnavailable');
    }
    if (balances.tokenMinor < BigInt(order.amount) || balances.gasWei === 0n) throw new AppError('payout.notEligible');
    return this.send(order, actor);
  }

  /**
   * Signs, stores (with the move to processing) and broadcasts. A failed signing leaves the
   * order waiting with its error; a failed broadcast leaves it processing with its error (the
   * job sends the stored bytes again).
   */
  private async send(order: WithdrawalRow, actor: Actor | null): Promise<PayoutResult> {
    const wallet = this.hotWallet!;
    const amount = BigInt(order.amount);
    const limits = await this.limits();
    let prepared;
    try {
      prepared = await wallet.prepareTransfer(order.destination, amount);
    } catch (error) {
      await this.recordError(order.id, 'pendingDisbursement', errorText('prepare', error));
      throw actor ? new AppError('payout.chainUnavailable') : error;
    }
    await inTransaction(
      this.db,
      async (tx) => {
        await this.lockStore(tx);
        if (await this.outstanding(tx)) throw new AppError('payout.notEligible');
        await this.checkLimits(tx, amount, limits);
        await moveStatus(tx, order.id, ['pendingDisbursement'], 'processing', {
          payout_method: 'hotWallet',
          tx_hash: prepared.txHash,
          raw_tx: prepared.rawTx,
          tx_nonce: prepared.nonce,
          processing_at: Date.now(),
          last_error: null,
        });
        if (actor) {
          await this.audit.record(tx, actor, {
            action: 'withdrawal.payoutHotWallet',
            targetType: 'withdrawal',
            targetId: order.id,
            before: { status: 'pendingDisbursement' },
            after: { status: 'processing', txHash: prepared.txHash, nonce: prepared.nonce },
            reason: '',
          });
        }
      },
      { groupCommit: true },
    );
    try {
      await wallet.broadcast(prepared.rawTx);
    } catch (error) {
      await this.recordError(order.id, 'processing', errorText('broadcast', error));
    }
    return { status: 'processing', txHash: prepared.txHash };
  }

  /** Settles the processing hot-wallet orders, oldest first; returns how many left processing. */
  private async settleProcessing(): Promise<number> {
    const rows = await this.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('status', '=', 'processing')
      .where('payout_method', '=', 'hotWallet')
      .orderBy('processing_at')
      .execute();
    if (rows.length === 0) return 0;
    const reader = this.readers.BEP20;
    if (!reader) return 0;
    const need = await this.settings.get('withdrawal.payoutConfirmations');
    let settled = 0;
    for (const order of rows) {
      const txHash = order.tx_hash as `0x${string}` | null;
      if (!txHash || !order.raw_tx) {
        await this.recordError(order.id, 'processing', 'processing without a stored transaction');
        continue;
      }
      let check;
      try {
        check = await reader.checkTransfer(txHash, order.destination, BigInt(order.amount), need);
      } catch (error) {
        await this.recordError(order.id, 'processing', errorText('check', error));
        continue;
      }
      if (check.ok) {
        await inTransaction(
          this.db,
          async (tx) => {
            await markPaid(tx, this.ledger, order, ['processing'], { last_error: null });
          },
          { groupCommit: true },
        );
        settled++;
      } else if (check.reason === 'reverted') {
        // Final only as deep as a success would have to be: a reorg could still change it.
        if ((check.confirmations ?? 0) < need) continue;
        // The transfer failed on chain (its nonce is spent, nothing was paid): the order waits
        // again with the error, its holds untouched.
        await moveStatus(this.db as unknown as Tx, order.id, ['processing'], 'pendingDisbursement', {
          payout_method: null,
          tx_hash: null,
          raw_tx: null,
          tx_nonce: null,
          processing_at: null,
          last_error: `reverted on chain: ${txHash}`,
        });
        settled++;
      } else if (check.reason === 'notFound') {
        // Never sent (a crash after the store), or dropped from the pool: the same bytes again.
        try {
          await this.hotWallet?.broadcast(order.raw_tx as `0x${string}`);
          if (!this.hotWallet) await this.recordError(order.id, 'processing', 'no hot wallet configured to send the stored transaction');
        } catch (error) {
          await this.recordError(order.id, 'processing', errorText('broadcast', error));
        }
      } else if (check.reason === 'mismatch') {
        // Mined and successful but not the expected transfer (the token setting changed?): staff look.
        await this.recordError(order.id, 'processing', `the transaction does not pay the order: ${txHash}`);
      }
      // unconfirmed: wait for more blocks.
    }
    return settled;
  }

  /**
   * Staff paid from their own wallet: the order is paid when the hash is a successful, confirmed
   * transfer of the chain's token to the order's address for exactly its amount, not used by
   * another order.
   */
  async payManually(actor: Actor, id: string, txHashText: string): Promise<PayoutResult> {
    // An earlier transfer of the same amount to the same address (a past withdrawal paid by hand,
    // a member's own transfer) must not pay this order: the transfer's block may be at most this
    // much older than the order (clock skew between the server and the chain).
    const txHash = normalTxHash(txHashText);
    const order = await orderRow(this.db as unknown as Tx, id);
    if (order.status !== 'pendingDisbursement' || order.channel !== 'chain') throw new AppError('withdrawal.wrongState');
    const reader = order.chain === 'BEP20' || order.chain === 'TRC20' ? this.readers[order.chain] : undefined;
    // No reader means no node was ever configured for this network: saying the node cannot be reached would send staff looking for an outage.
    if (!reader) throw new AppError('payout.chainNotConfigured');
    const used = await this.db.selectFrom('withdrawals').select('id').where('tx_hash', '=', txHash).executeTakeFirst();
    if (used) throw new AppError('payout.txUsed');
    const need = await this.settings.get('withdrawal.payoutConfirmations');
    let check;
    try {
      check = await reader.checkTransfer(txHash, order.destination, BigInt(order.amount), need, Number(order.created_at) - manualPayoutSkewMs);
    } catch {
      throw new AppError('payout.chainUnavailable');
    }
    if (!check.ok) {
      if (check.reason === 'notFound') throw new AppError('payout.txNotFound');
      if (check.reason === 'tooOld') throw new AppError('payout.txTooOld');
      if (check.reason === 'reverted') throw new AppError('payout.txFailed');
      if (check.reason === 'unconfirmed') throw new AppError('payout.txUnconfirmed', { have: check.confirmations ?? 0, need: check.need ?? need });
      throw new AppError('payout.txMismatch');
    }
    try {
      await inTransaction(
        this.db,
        async (tx) => {
          await markPaid(tx, this.ledger, order, ['pendingDisbursement'], {
            payout_method: 'manualChain',
            tx_hash: txHash,
            paid_by_staff_id: actor.id,
            last_error: null,
          });
          await this.audit.record(tx, actor, {
            action: 'withdrawal.payoutManualChain',
            targetType: 'withdrawal',
            targetId: order.id,
            before: { status: 'pendingDisbursement' },
            after: { status: 'success', txHash, blockNumber: check.blockNumber.toString(), confirmations: check.confirmations },
            reason: '',
          });
        },
        { groupCommit: true },
      );
    } catch (error) {
      // Another order took this hash meanwhile (the unique index decides).
      if (isUniqueViolation(error)) throw new AppError('payout.txUsed');
      throw error;
    }
    return { status: 'success', txHash };
  }

  /** The back-office view of the hot wallet: address, balances, limits and the day's use. */
  async hotWalletStatus(): Promise<HotWalletStatus> {
    const limits = await this.limits();
    const base = {
      address: this.hotWallet?.address ?? null,
      chain: 'BEP20' as const,
      tokenBalance: null as string | null,
      gasBalance: null as string | null,
      perPayoutMax: formatMinor(limits.perPayoutMax),
      dailyMax: formatMinor(limits.dailyMax),
      dailyUsed: formatMinor(await this.dailyUsed(this.db)),
      autoPayout: await this.settings.get('withdrawal.autoPayout'),
      error: null as string | null,
    };
    if (!this.hotWallet) return base;
    try {
      const balances = await this.hotWallet.balances();
      return { ...base, tokenBalance: formatMinor(balances.tokenMinor), gasBalance: weiText(balances.gasWei) };
    } catch {
      // The message code for the back-office to translate; the node's own text stays out of it.
      return { ...base, error: 'payout.chainUnavailable' };
    }
  }

  private async limits(): Promise<{ perPayoutMax: bigint; dailyMax: bigint }> {
    return {
      perPayoutMax: parseAmount(await this.settings.get('withdrawal.hotWalletPayoutMax')) ?? 0n,
      dailyMax: parseAmount(await this.settings.get('withdrawal.hotWalletDailyMax')) ?? 0n,
    };
  }

  /** `limits` are read before a transaction (SQLite has one connection: no reads outside it meanwhile). */
  private async checkLimits(db: Db | Tx, amount: bigint, limits: { perPayoutMax: bigint; dailyMax: bigint }): Promise<void> {
    if (amount > limits.perPayoutMax) throw new AppError('payout.overLimit', { limit: formatMinor(limits.perPayoutMax) });
    if ((await this.dailyUsed(db)) + amount > limits.dailyMax) throw new AppError('payout.overLimit', { limit: formatMinor(limits.dailyMax) });
  }

  /** Hot-wallet payouts under way or paid whose sending started in the last 24 hours. */
  private async dailyUsed(db: Db | Tx): Promise<bigint> {
    const row = await db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.sum<string | number | bigint | null>('amount').as('total'))
      .where('payout_method', '=', 'hotWallet')
      .where('status', 'in', ['processing', 'success'])
      .where('processing_at', '>=', Date.now() - dayMs)
      .executeTakeFirst();
    return row?.total === null || row?.total === undefined ? 0n : BigInt(row.total);
  }

  private async outstanding(db: Db | Tx): Promise<boolean> {
    const row = await db
      .selectFrom('withdrawals')
      .select('id')
      .where('status', '=', 'processing')
      .where('payout_method', '=', 'hotWallet')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Serializes the store step across processes on PostgreSQL (released at commit). */
  private async lockStore(tx: Tx): Promise<void> {
    if (tx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${storeLockKey})`.execute(tx);
  }

  private async recordError(id: string, status: string, text: string): Promise<void> {
    await this.db
      .updateTable('withdrawals')
      .set({ last_error: text.slice(0, errorTextMax) })
      .where('id', '=', id)
      .where('status', '=', status)
      .execute();
  }
}

/**
 * The service as the app makes it: a reader per configured chain, and the hot wallet when its key
 * is set (the key needs the BEP20 chain; config.ts refuses it otherwise).
 */
export function makeChainPayoutService(
  deps: { db: Db; ledger: LedgerRepository; settings: ConfigService; audit: AuditService },
  chains: ChainSettings[],
  hotWalletKey: HotWalletKey | null,
): ChainPayoutService {
  const readers: Readers = {};
  for (const s of chains) readers[s.chain] = viemPayoutReader(s);
  const bep20 = chains.find((s) => s.chain === 'BEP20');
  const wallet = hotWalletKey && bep20 ? viemHotWallet(bep20, hotWalletKey.reveal()) : null;
  return new ChainPayoutService(deps.db, deps.ledger, deps.settings, deps.audit, wallet, readers);
}
