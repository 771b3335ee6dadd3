/**
 * Holdings (decision 020): the terms a holding lives by, its reward cap and dates, and the money
 * moves that open, grow and end one. Everything here runs inside the caller's transaction, so a
 * member action (service.ts) and the release job (release.ts) make their rows and their ledger
 * transfers in one commit.
 *
 * The invariant every function keeps: a member's fixed balance per point type equals the sum of
 * `package_holding_principals` of their live holdings (verify.ts checks it).
 *
 * Period numbers are cumulative per holding: the next period to release is `periods_paid + 1`,
 * due at `next_release_at`. An upgrade or a refill restarts the dates (effectiveAt, unlockAt,
 * expiresAt and next_release_at) but not the period count, so `package_releases (holding_id,
 * period)` never meets a number twice.
 */
import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  packageTerms,
  type HoldingEntry,
  type HoldingEventType,
  type Language,
  type PackageTerms,
  formatMinor,
  holdingDatesFrom,
  parseAmount,
  percentOfStrict,
  unitRewardCap as contractUnitRewardCap,
  type HoldingDates as ContractHoldingDates,
} from '@pp/contract';
import type { Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { timeOrderedId } from '../../../db/ids.ts';
import type { PackageHoldingsTable } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { refusalError, type LedgerRepository, type TransferCode } from '../../wallet/ledger/index.ts';

export type HoldingRow = Selectable<PackageHoldingsTable>;

const hourMs = 3_600_000;

/** The terms stored with a holding, a code or a product (JSON text). */
export function parseTerms(json: string): PackageTerms {
  return packageTerms.parse(JSON.parse(json));
}

export function minorOfTerm(text: string): bigint {
  const value = parseAmount(text);
  if (value === null) throw new Error(`bad amount in terms: ${text}`);
  return value;
}

/** Reward cap of one unit (the contract's rule, so a projection in the portal uses the same). */
export const unitRewardCap = contractUnitRewardCap;

export function rewardCapOf(terms: PackageTerms, units: number): bigint {
  return unitRewardCap(terms) * BigInt(units);
}

/** What one purchase of `units` costs: principal (in the mix), premium and fee (in the fee coin). */
export function costOf(terms: PackageTerms, units: number) {
  const n = BigInt(units);
  return { principal: minorOfTerm(terms.price) * n, premium: minorOfTerm(terms.premium) * n, fee: minorOfTerm(terms.fee) * n };
}

export type HoldingDates = ContractHoldingDates;

/** The first period is due one period after effectiveAt, and never after expiresAt. */
export function nextReleaseAfter(terms: PackageTerms, dueAt: number, expiresAt: number): number | null {
  const next = dueAt + terms.releasePeriodHours * hourMs;
  return next <= expiresAt ? next : null;
}

/** A new holding's dates: the contract's rule, the one the portal's purchase projection uses. */
export function datesFrom(terms: PackageTerms, startedAt: number): HoldingDates {
  return holdingDatesFrom(terms, startedAt);
}

/** The state a member sees: unlocked once unlockAt has passed, whatever the job wrote so far. */
export function displayState(row: Pick<HoldingRow, 'state' | 'unlock_at'>, now: number): 'fixed' | 'unlocked' | 'expired' {
  if (row.state === 'expired') return 'expired';
  return now >= num(row.unlock_at) ? 'unlocked' : 'fixed';
}

/** Redeem fee percent with the same clock for the preview and the redeem. */
export function redeemFeePercent(terms: PackageTerms, row: Pick<HoldingRow, 'unlock_at'>, now: number): string {
  return now >= num(row.unlock_at) ? terms.redeemFeeUnlockedPercent : terms.redeemFeePercent;
}

export function holdingNumber(): string {
  return `PK${Date.now()}${crypto.randomInt(100_000, 999_999)}`;
}

/** The name in the caller's language, else en-US, else any. */
export function pickText(texts: Record<string, string>, lang: Language): string {
  const own = texts[lang];
  if (own) return own;
  if (texts['en-US']) return texts['en-US'];
  return Object.values(texts).find((t) => t !== '') ?? '';
}

export async function addEvent(
  tx: Tx,
  e: {
    holdingId: string;
    memberId: string;
    type: HoldingEventType;
    coinName: string;
    amount: bigint;
    detail?: string | null;
    transferId?: string | null;
    at: number;
  },
): Promise<void> {
  await tx
    .insertInto('package_holding_events')
    .values({
      id: timeOrderedId(),
      holding_id: e.holdingId,
      member_id: e.memberId,
      type: e.type,
      coin_name: e.coinName,
      amount: e.amount,
      detail: e.detail ?? null,
      transfer_id: e.transferId ?? null,
      at: e.at,
    })
    .execute();
}

/** Raises (or creates) a holding's principal of one point type, and the holding's total with it. */
export async function addToPrincipal(tx: Tx, holdingId: string, coinName: string, amount: bigint): Promise<void> {
  await tx
    .insertInto('package_holding_principals')
    .values({ holding_id: holdingId, coin_name: coinName, amount })
    .onConflict((oc) => oc.columns(['holding_id', 'coin_name']).doUpdateSet((eb) => ({ amount: eb('package_holding_principals.amount', '+', amount) })))
    .execute();
  await tx
    .updateTable('package_holdings')
    .set((eb) => ({ principal: eb('principal', '+', amount) }))
    .where('id', '=', holdingId)
    .execute();
}

export async function principalsOf(tx: Tx, holdingId: string): Promise<Array<{ coinName: string; amount: bigint }>> {
  const rows = await tx
    .selectFrom('package_holding_principals')
    .select(['coin_name', 'amount'])
    .where('holding_id', '=', holdingId)
    .orderBy('coin_name')
    .execute();
  return rows.map((r) => ({ coinName: r.coin_name, amount: BigInt(r.amount) })).filter((r) => r.amount > 0n);
}

/** A ledger transfer inside the action's transaction; a member without the funds is package.insufficientBalance. */
export async function move(
  tx: Tx,
  ledger: LedgerRepository,
  t: { code: TransferCode; coinName: string; amount: bigint; from: { owner: string; purpose: string }; to: { owner: string; purpose: string }; memo: string },
): Promise<string> {
  const outcome = await ledger.transfer(
    {
      requestId: null,
      code: t.code,
      coinName: t.coinName,
      amount: t.amount,
      debit: { ...t.from, coinName: t.coinName },
      credit: { ...t.to, coinName: t.coinName },
      isPending: false,
      memo: t.memo,
    },
    tx,
  );
  if (outcome.ok) return outcome.record.id;
  throw outcome.result === 'insufficientBalance' ? new AppError('package.insufficientBalance') : refusalError(outcome.result);
}

/**
 * Premium to the insurance pool and fee to the platform, `jackpotSharePercent` of the fee to the
 * jackpot pool instead (rounded down: the platform keeps the odd minor unit).
 */
export async function payPremiumAndFee(
  tx: Tx,
  ledger: LedgerRepository,
  p: { memberId: string; holdingId: string | null; feeCoin: string; premium: bigint; fee: bigint; jackpotSharePercent: string; memo: string; at: number },
): Promise<void> {
  const from = { owner: p.memberId, purpose: 'available' };
  if (p.premium > 0n) {
    const id = await move(tx, ledger, {
      code: 'packageFee',
      coinName: p.feeCoin,
      amount: p.premium,
      from,
      to: { owner: 'system', purpose: 'insurance' },
      memo: p.memo,
    });
    if (p.holdingId)
      await addEvent(tx, { holdingId: p.holdingId, memberId: p.memberId, type: 'premium', coinName: p.feeCoin, amount: -p.premium, transferId: id, at: p.at });
  }
  if (p.fee > 0n) {
    const toJackpot = percentOfStrict(p.fee, p.jackpotSharePercent, 'down');
    const toFees = p.fee - toJackpot;
    let id: string | null = null;
    if (toFees > 0n)
      id = await move(tx, ledger, { code: 'packageFee', coinName: p.feeCoin, amount: toFees, from, to: { owner: 'system', purpose: 'fees' }, memo: p.memo });
    if (toJackpot > 0n)
      id =
        (await move(tx, ledger, {
          code: 'packageFee',
          coinName: p.feeCoin,
          amount: toJackpot,
          from,
          to: { owner: 'system', purpose: 'jackpot' },
          memo: p.memo,
        })) ?? id;
    if (p.holdingId)
      await addEvent(tx, { holdingId: p.holdingId, memberId: p.memberId, type: 'fee', coinName: p.feeCoin, amount: -p.fee, transferId: id, at: p.at });
  }
}

/** Locks principal lines from the member's available into their fixed balance, with an event each. */
export async function lockPrincipal(
  tx: Tx,
  ledger: LedgerRepository,
  p: {
    memberId: string;
    holdingId: string;
    lines: Array<{ coinName: string; amount: bigint }>;
    eventType: HoldingEventType;
    detail?: string | null;
    memo: string;
    at: number;
  },
): Promise<void> {
  for (const line of p.lines) {
    if (line.amount <= 0n) continue;
    const id = await move(tx, ledger, {
      code: 'buyMatching',
      coinName: line.coinName,
      amount: line.amount,
      from: { owner: p.memberId, purpose: 'available' },
      to: { owner: p.memberId, purpose: 'fixed' },
      memo: p.memo,
    });
    await addToPrincipal(tx, p.holdingId, line.coinName, line.amount);
    await addEvent(tx, {
      holdingId: p.holdingId,
      memberId: p.memberId,
      type: p.eventType,
      coinName: line.coinName,
      amount: -line.amount,
      detail: p.detail ?? null,
      transferId: id,
      at: p.at,
    });
  }
}

export interface NewHolding {
  id: string;
  memberId: string;
  productId: string;
  kind: string;
  units: number;
  terms: PackageTerms;
  source: 'purchase' | 'activation' | 'transfer';
  startedAt: number;
}

/** Writes a live holding with no principal yet (lockPrincipal or addToPrincipal add it). */
export async function insertHolding(
  tx: Tx,
  h: NewHolding,
  overrides: Partial<{ number: string; released: bigint; rewardCap: bigint; dates: HoldingDates; periodsPaid: number; state: string }> = {},
): Promise<string> {
  const dates = overrides.dates ?? datesFrom(h.terms, h.startedAt);
  const number = overrides.number ?? holdingNumber();
  await tx
    .insertInto('package_holdings')
    .values({
      id: h.id,
      number,
      member_id: h.memberId,
      product_id: h.productId,
      kind: h.kind,
      units: h.units,
      terms: JSON.stringify(h.terms),
      principal: 0n,
      reward_cap: overrides.rewardCap ?? rewardCapOf(h.terms, h.units),
      released: overrides.released ?? 0n,
      state: overrides.state ?? (h.startedAt >= dates.unlockAt ? 'unlocked' : 'fixed'),
      end_reason: null,
      source: h.source,
      started_at: dates.startedAt,
      effective_at: dates.effectiveAt,
      unlock_at: dates.unlockAt,
      expires_at: dates.expiresAt,
      ended_at: null,
      periods_paid: overrides.periodsPaid ?? 0,
      next_release_at: dates.nextReleaseAt,
      created_at: Date.now(),
    })
    .execute();
  return number;
}

export interface EndResult {
  feePercent: string;
  lines: Array<{ coinName: string; principal: bigint; fee: bigint; receive: bigint }>;
}

/** Per point type: the principal, the redeem fee (rounded up) and what comes back. */
export function redeemLines(principals: Array<{ coinName: string; amount: bigint }>, feePercent: string): EndResult['lines'] {
  return principals.map((p) => {
    const fee = percentOfStrict(p.amount, feePercent, 'up');
    return { coinName: p.coinName, principal: p.amount, fee, receive: p.amount - fee };
  });
}

/**
 * Ends a live holding and gives its principal back to the member's available balance (`redeem`),
 * less the redeem fee when `feePercent` is above 0 (`redeemFee` to the platform). The state moves
 * with a conditional update, so a holding ends once: a second caller gets package.wrongState and
 * its transaction rolls back. The principal rows stay as they were at the end (what the holding
 * held; claims are worked out from them); the holding's state says they are no longer locked.
 *
 * For the release job: `endHolding(tx, ledger, id, 'term' | 'maxReward', now)` with no fee.
 */
export async function endHolding(
  tx: Tx,
  ledger: LedgerRepository,
  holdingId: string,
  reason: 'term' | 'maxReward' | 'redeemed' | 'claimed',
  now: number,
  feePercent = '0',
): Promise<EndResult> {
  const ended = await tx
    .updateTable('package_holdings')
    .set({ state: 'expired', end_reason: reason, ended_at: now, next_release_at: null })
    .where('id', '=', holdingId)
    .where('state', '!=', 'expired')
    .executeTakeFirst();
  if (ended.numUpdatedRows !== 1n) throw new AppError('package.wrongState');
  const holding = await tx.selectFrom('package_holdings').select(['member_id', 'number']).where('id', '=', holdingId).executeTakeFirstOrThrow();
  const memberId = holding.member_id;
  const lines = redeemLines(await principalsOf(tx, holdingId), feePercent);
  for (const line of lines) {
    if (line.receive > 0n) {
      const id = await move(tx, ledger, {
        code: 'redeem',
        coinName: line.coinName,
        amount: line.receive,
        from: { owner: memberId, purpose: 'fixed' },
        to: { owner: memberId, purpose: 'available' },
        memo: holding.number,
      });
      await addEvent(tx, { holdingId, memberId, type: 'redeem', coinName: line.coinName, amount: line.receive, detail: reason, transferId: id, at: now });
    }
    if (line.fee > 0n) {
      const id = await move(tx, ledger, {
        code: 'redeemFee',
        coinName: line.coinName,
        amount: line.fee,
        from: { owner: memberId, purpose: 'fixed' },
        to: { owner: 'system', purpose: 'fees' },
        memo: holding.number,
      });
      await addEvent(tx, { holdingId, memberId, type: 'redeemFee', coinName: line.coinName, amount: -line.fee, transferId: id, at: now });
    }
  }
  await addEvent(tx, { holdingId, memberId, type: 'expire', coinName: lines[0]?.coinName ?? 'USDT', amount: 0n, detail: reason, at: now });
  return { feePercent, lines };
}

/** Claim amount of a holding that ended by its term: principal x guarantee / 100 - released, rounded down; 0 when none. */
export function claimAmountOf(row: Pick<HoldingRow, 'principal' | 'released'>, terms: PackageTerms): bigint {
  const due = percentOfStrict(BigInt(row.principal), terms.claimGuaranteePercent, 'down') - BigInt(row.released);
  return due > 0n ? due : 0n;
}

export function toHoldingEntry(
  row: HoldingRow,
  principals: Array<{ coinName: string; amount: bigint }>,
  productName: string,
  now: number,
  hasOpenClaim: boolean,
): HoldingEntry {
  const terms = parseTerms(row.terms);
  const claim = row.state === 'expired' && row.end_reason === 'term' && !hasOpenClaim ? claimAmountOf(row, terms) : 0n;
  return {
    id: row.id,
    number: row.number,
    productId: row.product_id,
    productName,
    kind: row.kind as HoldingEntry['kind'],
    units: num(row.units),
    principal: formatMinor(BigInt(row.principal)),
    principals: principals.map((p) => ({ coinName: p.coinName, amount: formatMinor(p.amount) })),
    terms,
    rewardCap: formatMinor(BigInt(row.reward_cap)),
    released: formatMinor(BigInt(row.released)),
    state: displayState(row, now),
    effectiveness: now >= num(row.effective_at) ? 'active' : 'pending',
    endReason: (row.end_reason as HoldingEntry['endReason']) ?? null,
    source: row.source as HoldingEntry['source'],
    startedAt: num(row.started_at),
    effectiveAt: num(row.effective_at),
    unlockAt: num(row.unlock_at),
    expiresAt: num(row.expires_at),
    endedAt: row.ended_at === null ? null : num(row.ended_at),
    nextReleaseAt: row.next_release_at === null ? null : num(row.next_release_at),
    claimable: claim > 0n ? formatMinor(claim) : null,
    createdAt: num(row.created_at),
  };
}
