/**
 * USDT deposits on chain for members and staff: each member's permanent address per chain (an
 * index allocated once in the database, derived from the operator's account key), the member's
 * chain deposit history, the chain health the back-office shows, and the watcher jobs.
 */
import {
  type ChainDepositEntry,
  type ChainHealthEntry,
  type DepositAddress,
  type DepositChain,
  type DepositChainEntry,
  formatMinor,
  parseAmount,
} from '@pp/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import type { JobDefinition } from '../../../jobs/runner.ts';
import { AppError } from '../../../errors.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';
import { rejectReasonFields } from '../../../db/reject-reason.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { isUniqueViolation } from '../../wallet/ledger/index.ts';
import type { LedgerRepository } from '../../wallet/ledger/index.ts';
import type { ReviewService } from '../../platform/reviews/index.ts';
import { ConfigError } from '../../../config-error.ts';
import { chainNames, deriveAddress, memberIndexMax } from './derivation.ts';
import { exactAmountOfRaw, HeldChainDeposits, heldItemsOf, isAboveMovementCeiling } from './held-deposits.ts';
import { viemRpc, type ChainRpc } from './rpc.ts';
import { explorerTxUrl, type ChainSettings } from './settings.ts';
import { ChainWatcher, type ChainDepositStatusValue } from './watcher.ts';

/** How often each chain's watcher runs (croner, seconds first). */
export const chainWatchSchedule = '*/10 * * * * *';
/** Tries at allocating a member index when parallel first requests collide on the unique index. */
const allocateAttemptsMax = 5;

/** The member's chain deposits, newest seen first (decision 052). */
const chainDepositsPage = newestFirst('bscDepositRecordList', 'seen_at');

export class ChainService {
  readonly watchers: ChainWatcher[];

  constructor(
    private readonly db: Db,
    ledger: LedgerRepository,
    private readonly settingsService: ConfigService,
    readonly chains: ChainSettings[],
    options: {
      rpcFor?: (s: ChainSettings) => ChainRpc;
      /** Where deposits above the movement ceiling wait for staff (decision 037); the server always passes it. */
      reviews?: ReviewService;
    } = {},
  ) {
    const rpcFor = options.rpcFor ?? ((s: ChainSettings) => viemRpc(s.rpcUrl, s.rpcTimeoutMs));
    const held = options.reviews ? new HeldChainDeposits(options.reviews) : null;
    this.watchers = chains.map((s) => new ChainWatcher(db, ledger, settingsService, s, rpcFor(s), held));
  }

  /**
   * At start: the stored addresses must come from the configured key. A changed key would show
   * members new addresses while their old ones still receive money nobody watches.
   */
  async checkStoredKeys(): Promise<void> {
    for (const s of this.chains) {
      const other = await this.db
        .selectFrom('chain_addresses')
        .select('key_fingerprint')
        .where('chain', '=', s.chain)
        .where('key_fingerprint', '<>', s.keyFingerprint)
        .executeTakeFirst();
      if (other)
        throw new ConfigError(`CHAIN_${s.chain}_XPUB`, `not the key the stored ${s.chain} deposit addresses were derived from; restore it (decision 017)`);
    }
  }

  /** One watcher job per configured chain (decision 012: one runner each across processes). */
  jobs(): JobDefinition[] {
    return this.watchers.map((w) => ({
      name: `chain-watch-${w.chain.toLowerCase()}`,
      schedule: chainWatchSchedule,
      run: async ({ signal }) => {
        await w.run({ signal });
      },
    }));
  }

  private async enabledSettings(chain: DepositChain): Promise<ChainSettings> {
    const enabled = await this.settingsService.get('deposit.chainsEnabled');
    const s = this.chains.find((c) => c.chain === chain);
    if (!s || !enabled.includes(chain)) throw new AppError('chain.unavailable');
    return s;
  }

  async chainList(): Promise<DepositChainEntry[]> {
    const enabled = await this.settingsService.get('deposit.chainsEnabled');
    const minimum = await this.minimumText();
    return this.chains
      .filter((s) => enabled.includes(s.chain))
      .map((s) => ({ chain: s.chain, minimum, confirmations: s.confirmations, tokenAddress: s.tokenAddress }));
  }

  private async minimumText(): Promise<string> {
    return formatMinor(parseAmount(await this.settingsService.get('deposit.minimumAmount')) ?? 0n);
  }

  /** The member's index, allocated once: the next free one, unique in the database. */
  async memberIndex(memberId: string): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const found = await this.db.selectFrom('chain_member_indexes').select('derivation_index').where('member_id', '=', memberId).executeTakeFirst();
      if (found) return num(found.derivation_index);
      try {
        await this.db
          .insertInto('chain_member_indexes')
          .values({
            member_id: memberId,
            derivation_index: sql<number>`(select coalesce(max(derivation_index), -1) + 1 from chain_member_indexes)`,
            created_at: BigInt(Date.now()),
          })
          .execute();
      } catch (error) {
        // Another first request took this member or this index meanwhile: look again.
        if (!isUniqueViolation(error) || attempt >= allocateAttemptsMax) throw error;
      }
    }
  }

  /** The member's permanent deposit address on a chain, derived and stored on first request. */
  async address(memberId: string, chain: DepositChain): Promise<DepositAddress> {
    const s = await this.enabledSettings(chain);
    const row = await this.addressRow(memberId, s);
    return { chain, address: row.address, minimum: await this.minimumText(), confirmations: s.confirmations, tokenAddress: s.tokenAddress };
  }

  /** The stored address row (made on first use); the bench and tests allocate through this too. */
  async addressRow(memberId: string, s: ChainSettings): Promise<{ address: string; match_key: string }> {
    const existing = await this.db
      .selectFrom('chain_addresses')
      .select(['address', 'match_key'])
      .where('chain', '=', s.chain)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (existing) return existing;
    const index = await this.memberIndex(memberId);
    if (index > memberIndexMax) throw new Error('member index space exhausted');
    const derived = deriveAddress(s.chain, s.external, index);
    await this.db
      .insertInto('chain_addresses')
      .values({
        chain: s.chain,
        member_id: memberId,
        derivation_index: index,
        address: derived.address,
        match_key: derived.matchKey,
        key_fingerprint: s.keyFingerprint,
        created_at: BigInt(Date.now()),
      })
      .onConflict((oc) => oc.columns(['chain', 'member_id']).doNothing())
      .execute();
    return this.db
      .selectFrom('chain_addresses')
      .select(['address', 'match_key'])
      .where('chain', '=', s.chain)
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
  }

  /** The member's chain deposits, newest first, keyset-paged on (seen_at, id). */
  async deposits(
    memberId: string,
    input: { chain?: DepositChain; cursor?: string; pageSize: number },
  ): Promise<{ items: ChainDepositEntry[]; nextCursor: string | null }> {
    let query = this.db.selectFrom('chain_deposits').selectAll().where('member_id', '=', memberId);
    if (input.chain) query = query.where('chain', '=', input.chain);
    const { items: page, nextCursor } = await keysetPage(query, chainDepositsPage, input.cursor, input.pageSize);
    const heads = new Map((await this.db.selectFrom('chain_cursors').select(['chain', 'head_block']).execute()).map((r) => [r.chain, BigInt(r.head_block)]));
    const minimum = parseAmount(await this.settingsService.get('deposit.minimumAmount')) ?? 0n;
    // Held and rejected deposits (decision 037): their exact amount and staff's reason are on the review item.
    const reviewed = await heldItemsOf(
      this.db,
      page.filter((r) => r.status === 'heldForReview' || r.status === 'rejected').map((r) => r.id),
    );
    return {
      items: page.map((r) => {
        const chain = r.chain as DepositChain;
        const s = this.chains.find((x) => x.chain === chain);
        const required = s?.confirmations ?? 0;
        const status = r.status as ChainDepositStatusValue;
        const depth = (heads.get(chain) ?? 0n) - BigInt(r.block_number) + 1n;
        const confirmations = status === 'confirming' ? Math.max(0, Math.min(required - 1, Number(depth))) : required;
        const amount = BigInt(r.amount);
        const item = reviewed.get(r.id);
        // Above the movement ceiling the amount column is 0: the member reads the exact amount sent,
        // kept on the review item, or (still confirming, or no queue) worked out from the raw value.
        const raw = BigInt(r.amount_raw);
        const exact = item?.amountExact ?? (amount === 0n && s && isAboveMovementCeiling(raw, s.tokenDecimals) ? exactAmountOfRaw(raw, s.tokenDecimals) : null);
        // Only a rejected deposit answers with its reason (a held one's item has none yet anyway).
        const rejectReason = status === 'rejected' ? (item?.rejectReason ?? null) : null;
        return {
          id: r.id,
          chain,
          txHash: r.tx_hash,
          logIndex: num(r.log_index),
          blockNumber: num(r.block_number),
          fromAddress: r.from_address,
          toAddress: r.to_address,
          amount: exact ?? formatMinor(amount),
          status,
          confirmations,
          confirmationsRequired: required,
          isBelowMinimum: status === 'belowMinimum' || (status === 'confirming' && exact === null && amount < minimum),
          seenAt: num(r.seen_at),
          settledAt: r.settled_at === null ? null : num(r.settled_at),
          explorerUrl: s ? explorerTxUrl(s, r.tx_hash) : '',
          ...rejectReasonFields(rejectReason),
        };
      }),
      nextCursor,
    };
  }

  /** Each chain's watcher health for the back-office: last block read, head, lag, last error. */
  async health(): Promise<ChainHealthEntry[]> {
    const cursors = new Map((await this.db.selectFrom('chain_cursors').selectAll().execute()).map((r) => [r.chain, r]));
    const confirming = await this.db
      .selectFrom('chain_deposits')
      .select(['chain', (eb) => eb.fn.countAll<bigint>().as('n')])
      .where('status', '=', 'confirming')
      .groupBy('chain')
      .execute();
    const confirmingOf = new Map(confirming.map((r) => [r.chain, num(r.n)]));
    return chainNames.map((chain) => {
      const s = this.chains.find((x) => x.chain === chain);
      const c = cursors.get(chain);
      const lastBlock = c ? num(c.last_block) : -1;
      const headBlock = c ? num(c.head_block) : 0;
      return {
        chain,
        isConfigured: s !== undefined,
        tokenAddress: s?.tokenAddress ?? null,
        confirmations: s?.confirmations ?? 0,
        lastBlock,
        headBlock,
        lagBlocks: c ? Math.max(0, headBlock - lastBlock) : 0,
        headSeenAt: c ? num(c.head_seen_at) : 0,
        lastRunAt: c ? num(c.last_run_at) : 0,
        lastError: c?.last_error ?? null,
        lastErrorAt: c ? num(c.last_error_at) : 0,
        reorgCount: c ? num(c.reorg_count) : 0,
        confirmingCount: confirmingOf.get(chain) ?? 0,
      };
    });
  }
}
