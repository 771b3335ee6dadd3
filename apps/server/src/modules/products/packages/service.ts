/**
 * Member actions on packages (decision 020): buy, upgrade, add units, refill, redeem with its fee
 * preview, transfer to another member, activation codes, auto top-up, and the lists.
 *
 * Every action is one database transaction keyed once by its request id (db/once.ts: a retry or a
 * parallel duplicate is answered what the first answered, and the same id with another body is
 * ledger.requestIdReused), then the limits as conditional updates (`sold` and
 * `package_member_units`, so a burst never sells more than offered), then the holding's rows and
 * the ledger transfers. The transaction password is checked before anything else, outside the
 * transaction, and is not part of the key's input: a retry with the password typed again is still
 * the same request.
 */
import crypto from 'node:crypto';
import { timeOrderedId } from '../../../db/ids.ts';
import { sql } from 'kysely';
import {
  packageLimits,
  type BuyRefusalReason,
  type HoldingEntry,
  type HoldingEvent,
  type HoldingEventType,
  type HoldingState,
  type Language,
  type Payment,
  type ProductEntry,
  formatMinor,
  parseAmount,
  percentOfStrict,
} from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { once } from '../../../db/once.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';
import { AppError } from '../../../errors.ts';
import type { AccountService } from '../../identity/accounts/index.ts';
import type { UserRow } from '../../identity/accounts/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import type { LedgerRepository } from '../../wallet/ledger/index.ts';
import type { EventEmitter } from '../../../lib/events.ts';
import { productById, toProduct, type PayWith, type Product } from './catalogue.ts';
import { releaseDays } from './release-series.ts';
import {
  addEvent,
  addToPrincipal,
  costOf,
  datesFrom,
  endHolding,
  insertHolding,
  lockPrincipal,
  move,
  parseTerms,
  payPremiumAndFee,
  pickText,
  principalsOf,
  redeemFeePercent,
  redeemLines,
  rewardCapOf,
  toHoldingEntry,
  type HoldingRow,
} from './holdings.ts';
import { inTransaction } from '../../../db/transaction.ts';

/** The package_member_units row that marks a member's one experience holding ever. */
const experienceMark = '#experience';
const eventsPageSize = 50;
/** Crockford base32: no I, L, O or U. */
const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 characters of Crockford base32: 80 random bits. */
export function newActivationCode(): string {
  const bytes = crypto.randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < packageLimits.activationCodeChars; i++) {
    out = crockford[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return out;
}

/** Reads a typed code as Crockford does: case, dashes and spaces do not matter, I and L are 1, O is 0. */
function normalizeCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

/** The member's activation codes, newest first (decision 052). */
const activationCodesPage = newestFirst('activationCodeList', 'c.created_at', 'c.id');
/** Holdings (the member's and staff's list), newest first. */
const holdingsPage = newestFirst('buyMatchingList', 'package_holdings.created_at', 'package_holdings.id');
/** One holding's events, newest first. */
const holdingEventsPage = newestFirst('insuranceDetailInfo', 'at', 'id');
/** Every money line of the member's holdings, newest first. */
const paymentRecordsPage = newestFirst('paymentRecordList', 'e.at', 'e.id');

/** The codes a member bought, with who activated each and the product's names. */
function codeQuery(db: Db, buyerId: string) {
  return db
    .selectFrom('package_activation_codes as c')
    .leftJoin('users as u', 'u.id', 'c.activation_member_id')
    .innerJoin('package_products as p', 'p.id', 'c.product_id')
    .select(['c.id', 'c.code', 'c.product_id', 'c.units', 'c.principal', 'c.state', 'c.activated_at', 'c.holding_id', 'c.created_at', 'u.user_name', 'p.names'])
    .where('c.buyer_id', '=', buyerId);
}

/** A code as the member reads it. */
function codeEntry(r: Awaited<ReturnType<ReturnType<typeof codeQuery>['executeTakeFirstOrThrow']>>, lang: Language) {
  return {
    id: r.id,
    code: r.code,
    productId: r.product_id,
    productName: pickText(JSON.parse(r.names) as Record<string, string>, lang),
    units: num(r.units),
    principal: formatMinor(BigInt(r.principal)),
    state: r.state as 'notActivated' | 'activated',
    activationUserName: r.user_name ?? null,
    activatedAt: r.activated_at === null ? null : num(r.activated_at),
    holdingId: r.holding_id,
    createdAt: num(r.created_at),
  };
}

type Balances = Map<string, bigint>;

export class PackageService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountService,
    private readonly settings: ConfigService,
    /** Tells `packagePurchased` in the purchase's transaction (the community figures and grades; decision 021). */
    private readonly bus: EventEmitter,
  ) {}

  /**
   * Called in the action's transaction after a purchase locked new principal: buy, upgrade (the
   * price difference), add, refill, activation (for the holder); the flash sale of decision 025
   * calls it too. Redeem, transfer and reinvested rewards are not purchases.
   */
  async purchased(tx: Tx, memberId: string, amount: bigint, at: number): Promise<void> {
    await this.bus.emit(tx, 'packagePurchased', { memberId, amount, at });
  }

  // ---- rules ----

  private async memberUnits(db: Db | Tx, memberId: string, productId: string): Promise<number> {
    const row = await db
      .selectFrom('package_member_units')
      .select('units')
      .where('member_id', '=', memberId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row ? num(row.units) : 0;
  }

  private async isInvited(db: Db | Tx, productId: string, memberId: string): Promise<boolean> {
    return (
      (await db.selectFrom('package_invites').select('member_id').where('product_id', '=', productId).where('member_id', '=', memberId).executeTakeFirst()) !==
      undefined
    );
  }

  /** Why this member may not take `units` of the product (kind rules and limits), or null. */
  private async refusalOf(
    db: Db | Tx,
    product: Product,
    member: Pick<UserRow, 'id' | 'level'>,
    units: number,
    checks: { isOnSale?: boolean; isExperience?: boolean; isTotal?: boolean } = {},
  ): Promise<BuyRefusalReason | null> {
    if (checks.isOnSale !== false && !product.isOnSale) return 'saleClosed';
    if (product.kind === 'special') {
      if (product.minGrade !== null && num(member.level) < product.minGrade) return 'grade';
      if (product.isInviteOnly && !(await this.isInvited(db, product.id, member.id))) return 'notInvited';
    }
    if (checks.isExperience !== false && product.kind === 'experience' && (await this.memberUnits(db, member.id, experienceMark)) > 0) return 'experienceUsed';
    if (product.perMemberLimit > 0 && (await this.memberUnits(db, member.id, product.id)) + units > product.perMemberLimit) return 'memberLimit';
    if (checks.isTotal !== false && product.totalLimit > 0 && product.sold + units > product.totalLimit) return 'totalLimit';
    return null;
  }

  /**
   * Counts the units under the limits with conditional updates: the product's total and the
   * member's own. The first statement that finds no room refuses, and the transaction rolls back.
   */
  private async reserve(
    tx: Tx,
    product: Product,
    memberId: string | null,
    units: number,
    checks: { isTotal?: boolean; isExperience?: boolean } = {},
  ): Promise<void> {
    const n = BigInt(units);
    if (checks.isTotal !== false) {
      const sold = await tx
        .updateTable('package_products')
        .set((eb) => ({ sold: eb('sold', '+', n) }))
        .where('id', '=', product.id)
        .where((eb) => eb.or([eb('total_limit', '=', 0), eb(sql`sold + ${n}`, '<=', eb.ref('total_limit'))]))
        .executeTakeFirst();
      if (sold.numUpdatedRows !== 1n) throw new AppError('package.totalLimit');
    }
    if (memberId === null) return;
    if (product.perMemberLimit > 0 && units > product.perMemberLimit) throw new AppError('package.memberLimit');
    const limit = BigInt(product.perMemberLimit);
    const counted = await tx
      .insertInto('package_member_units')
      .values({ member_id: memberId, product_id: product.id, units: n })
      .onConflict((oc) =>
        oc
          .columns(['member_id', 'product_id'])
          .doUpdateSet((eb) => ({ units: eb('package_member_units.units', '+', n) }))
          .where(() => (limit === 0n ? sql<boolean>`1 = 1` : sql<boolean>`package_member_units.units + ${n} <= ${limit}`)),
      )
      .executeTakeFirst();
    if (counted.numInsertedOrUpdatedRows !== 1n) throw new AppError('package.memberLimit');
    if (checks.isExperience !== false && product.kind === 'experience') {
      // One experience holding per member ever: the mark is written once.
      const marked = await tx
        .insertInto('package_member_units')
        .values({ member_id: memberId, product_id: experienceMark, units: 1n })
        .onConflict((oc) => oc.columns(['member_id', 'product_id']).doNothing())
        .executeTakeFirst();
      if (marked.numInsertedOrUpdatedRows !== 1n) throw new AppError('package.experienceUsed');
    }
  }

  /**
   * The payment lines of a principal due: only point types the product allows, each at most its
   * share (package.paymentMix), adding up to the principal exactly (package.paymentTotal).
   */
  private paymentLines(payWith: PayWith, due: bigint, payments: Payment[]): Array<{ coinName: string; amount: bigint }> {
    const lines = new Map<string, bigint>();
    for (const p of payments) {
      const allowed = payWith.find((w) => w.coinName === p.coinName);
      const amount = parseAmount(p.amount) ?? 0n;
      if (!allowed || lines.has(p.coinName)) throw new AppError('package.paymentMix', { coin: p.coinName, percent: allowed?.maxPercent ?? '0' });
      if (amount > percentOfStrict(due, allowed.maxPercent, 'down'))
        throw new AppError('package.paymentMix', { coin: p.coinName, percent: allowed.maxPercent });
      lines.set(p.coinName, amount);
    }
    const total = [...lines.values()].reduce((a, b) => a + b, 0n);
    if (total !== due) throw new AppError('package.paymentTotal', { total: formatMinor(due) });
    return [...lines].map(([coinName, amount]) => ({ coinName, amount }));
  }

  private async balances(memberId: string): Promise<Balances> {
    const all = await this.ledger.memberBalances(memberId);
    return new Map([...all].map(([coin, b]) => [coin, b.available]));
  }

  /** Whether the member's available points can pay premium and fee, and the principal within the shares. */
  private canAfford(balances: Balances, payWith: PayWith, feeCoin: string, principal: bigint, feeDue: bigint): boolean {
    const left = new Map(balances);
    const feeLeft = (left.get(feeCoin) ?? 0n) - feeDue;
    if (feeLeft < 0n) return false;
    left.set(feeCoin, feeLeft);
    let room = 0n;
    for (const w of payWith) {
      const cap = percentOfStrict(principal, w.maxPercent, 'down');
      const have = left.get(w.coinName) ?? 0n;
      room += have < cap ? have : cap;
    }
    return room >= principal;
  }

  /**
   * A member action once per request id, in one transaction (db/once.ts). `scope` is the endpoint's
   * name and `input` the business input only (no password, no request id); the answer is what the
   * endpoint answers, stored as JSON for a retry.
   */
  private keyed<T>(scope: string, memberId: string, requestId: string, input: object, work: (tx: Tx, now: number) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (tx) => once(tx, { scope, actor: memberId, requestId, input }, () => work(tx, Date.now())), { groupCommit: true });
  }

  private async liveHolding(tx: Tx | Db, memberId: string, holdingId: string): Promise<HoldingRow> {
    const row = await this.ownHolding(tx, memberId, holdingId);
    if (row.state === 'expired') throw new AppError('package.wrongState');
    return row;
  }

  private async ownHolding(tx: Tx | Db, memberId: string, holdingId: string): Promise<HoldingRow> {
    const row = await tx.selectFrom('package_holdings').selectAll().where('id', '=', holdingId).where('member_id', '=', memberId).executeTakeFirst();
    if (!row) throw new AppError('package.holdingNotFound');
    return row;
  }

  private async mustProduct(tx: Tx | Db, productId: string): Promise<Product> {
    const product = await productById(tx, productId);
    if (!product) throw new AppError('package.notFound');
    return product;
  }

  private async refuse(tx: Tx, product: Product, member: UserRow, units: number, checks: Parameters<PackageService['refusalOf']>[4] = {}): Promise<void> {
    const reason = await this.refusalOf(tx, product, member, units, checks);
    if (reason) throw new AppError(`package.${reason}`);
  }

  // ---- member actions ----

  async buy(
    memberId: string,
    input: { productId: string; quantity: number; payments: Payment[]; transactionPassword: string; requestId: string },
  ): Promise<string> {
    const member = await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const sharePercent = await this.settings.get('jackpot.sharePercent');
    const body = { productId: input.productId, quantity: input.quantity, payments: input.payments };
    const answer = await this.keyed('buyMatching', memberId, input.requestId, body, async (tx, now) => {
      const holdingId = timeOrderedId();
      const product = await this.mustProduct(tx, input.productId);
      await this.refuse(tx, product, member, input.quantity);
      const cost = costOf(product.terms, input.quantity);
      const lines = this.paymentLines(product.payWith, cost.principal, input.payments);
      await this.reserve(tx, product, memberId, input.quantity);
      const number = await insertHolding(tx, {
        id: holdingId,
        memberId,
        productId: product.id,
        kind: product.kind,
        units: input.quantity,
        terms: product.terms,
        source: 'purchase',
        startedAt: now,
      });
      await lockPrincipal(tx, this.ledger, { memberId, holdingId, lines, eventType: 'buy', memo: number, at: now });
      await this.purchased(tx, memberId, cost.principal, now);
      await payPremiumAndFee(tx, this.ledger, {
        memberId,
        holdingId,
        feeCoin: product.terms.feeCoinName,
        premium: cost.premium,
        fee: cost.fee,
        jackpotSharePercent: sharePercent,
        memo: number,
        at: now,
      });
      return { holdingId };
    });
    return answer.holdingId;
  }

  /** To a product with a higher price: the price difference in the mix, the new fee and premium; terms, cap and dates restart. */
  async upgrade(
    memberId: string,
    input: { holdingId: string; toProductId: string; payments: Payment[]; transactionPassword: string; requestId: string },
  ): Promise<string> {
    const member = await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const sharePercent = await this.settings.get('jackpot.sharePercent');
    const body = { holdingId: input.holdingId, toProductId: input.toProductId, payments: input.payments };
    const answer = await this.keyed('upgradeMatching', memberId, input.requestId, body, async (tx, now) => {
      const holding = await this.liveHolding(tx, memberId, input.holdingId);
      const product = await this.mustProduct(tx, input.toProductId);
      const units = num(holding.units);
      const before = parseTerms(holding.terms);
      const oldPrice = costOf(before, 1).principal;
      const newPrice = costOf(product.terms, 1).principal;
      if (product.id === holding.product_id || newPrice <= oldPrice) throw new AppError('package.notUpgrade');
      await this.refuse(tx, product, member, units);
      const cost = costOf(product.terms, units);
      const lines = this.paymentLines(product.payWith, (newPrice - oldPrice) * BigInt(units), input.payments);
      await this.reserve(tx, product, memberId, units);
      const dates = datesFrom(product.terms, now);
      const moved = await tx
        .updateTable('package_holdings')
        .set({
          product_id: product.id,
          kind: product.kind,
          terms: JSON.stringify(product.terms),
          // The new terms bring a cap of their own on top of what was released already.
          reward_cap: BigInt(holding.released) + rewardCapOf(product.terms, units),
          state: now >= dates.unlockAt ? 'unlocked' : 'fixed',
          started_at: dates.startedAt,
          effective_at: dates.effectiveAt,
          unlock_at: dates.unlockAt,
          expires_at: dates.expiresAt,
          next_release_at: dates.nextReleaseAt,
        })
        .where('id', '=', holding.id)
        .where('state', '!=', 'expired')
        .executeTakeFirst();
      if (moved.numUpdatedRows !== 1n) throw new AppError('package.wrongState');
      await lockPrincipal(tx, this.ledger, {
        memberId,
        holdingId: holding.id,
        lines,
        eventType: 'upgrade',
        detail: holding.product_id,
        memo: holding.number,
        at: now,
      });
      await this.purchased(tx, memberId, (newPrice - oldPrice) * BigInt(units), now);
      await payPremiumAndFee(tx, this.ledger, {
        memberId,
        holdingId: holding.id,
        feeCoin: product.terms.feeCoinName,
        premium: cost.premium,
        fee: cost.fee,
        jackpotSharePercent: sharePercent,
        memo: holding.number,
        at: now,
      });
      return { holdingId: input.holdingId };
    });
    return answer.holdingId;
  }

  /** More units of a live holding at its own price (`addWarehouse`); the cap grows by their share. */
  async add(
    memberId: string,
    input: { holdingId: string; quantity: number; payments: Payment[]; transactionPassword: string; requestId: string },
  ): Promise<string> {
    const member = await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const sharePercent = await this.settings.get('jackpot.sharePercent');
    const body = { holdingId: input.holdingId, quantity: input.quantity, payments: input.payments };
    const answer = await this.keyed('addWarehouse', memberId, input.requestId, body, async (tx, now) => {
      const holding = await this.liveHolding(tx, memberId, input.holdingId);
      const product = await this.mustProduct(tx, holding.product_id);
      // An experience holding is one small holding, never grown.
      if (product.kind === 'experience') throw new AppError('package.experienceUsed');
      await this.refuse(tx, product, member, input.quantity);
      const terms = parseTerms(holding.terms);
      const cost = costOf(terms, input.quantity);
      const lines = this.paymentLines(product.payWith, cost.principal, input.payments);
      await this.reserve(tx, product, memberId, input.quantity);
      const grown = await tx
        .updateTable('package_holdings')
        .set((eb) => ({ units: eb('units', '+', input.quantity), reward_cap: eb('reward_cap', '+', rewardCapOf(terms, input.quantity)) }))
        .where('id', '=', holding.id)
        .where('state', '!=', 'expired')
        .executeTakeFirst();
      if (grown.numUpdatedRows !== 1n) throw new AppError('package.wrongState');
      await lockPrincipal(tx, this.ledger, {
        memberId,
        holdingId: holding.id,
        lines,
        eventType: 'add',
        detail: String(input.quantity),
        memo: holding.number,
        at: now,
      });
      await this.purchased(tx, memberId, cost.principal, now);
      await payPremiumAndFee(tx, this.ledger, {
        memberId,
        holdingId: holding.id,
        feeCoin: terms.feeCoinName,
        premium: cost.premium,
        fee: cost.fee,
        jackpotSharePercent: sharePercent,
        memo: holding.number,
        at: now,
      });
      return { holdingId: input.holdingId };
    });
    return answer.holdingId;
  }

  /** Refill (`fillingPositions`) an expired holding that ended by term or maximum reward: the same units under the product's current terms. */
  async fill(memberId: string, input: { holdingId: string; payments: Payment[]; transactionPassword: string; requestId: string }): Promise<string> {
    const member = await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const sharePercent = await this.settings.get('jackpot.sharePercent');
    const body = { holdingId: input.holdingId, payments: input.payments };
    const answer = await this.keyed('fillingPositions', memberId, input.requestId, body, async (tx, now) => {
      const holding = await this.ownHolding(tx, memberId, input.holdingId);
      if (holding.state !== 'expired' || (holding.end_reason !== 'term' && holding.end_reason !== 'maxReward')) throw new AppError('package.wrongState');
      const claim = await tx.selectFrom('package_claims').select('id').where('open_key', '=', holding.id).executeTakeFirst();
      if (claim) throw new AppError('package.wrongState');
      const product = await this.mustProduct(tx, holding.product_id);
      if (product.kind === 'experience') throw new AppError('package.experienceUsed');
      const units = num(holding.units);
      await this.refuse(tx, product, member, units);
      const cost = costOf(product.terms, units);
      const lines = this.paymentLines(product.payWith, cost.principal, input.payments);
      await this.reserve(tx, product, memberId, units);
      const dates = datesFrom(product.terms, now);
      const refilled = await tx
        .updateTable('package_holdings')
        .set({
          kind: product.kind,
          terms: JSON.stringify(product.terms),
          principal: 0n,
          reward_cap: BigInt(holding.released) + rewardCapOf(product.terms, units),
          state: now >= dates.unlockAt ? 'unlocked' : 'fixed',
          end_reason: null,
          ended_at: null,
          started_at: dates.startedAt,
          effective_at: dates.effectiveAt,
          unlock_at: dates.unlockAt,
          expires_at: dates.expiresAt,
          next_release_at: dates.nextReleaseAt,
        })
        .where('id', '=', holding.id)
        .where('state', '=', 'expired')
        .where('end_reason', 'in', ['term', 'maxReward'])
        .executeTakeFirst();
      if (refilled.numUpdatedRows !== 1n) throw new AppError('package.wrongState');
      // The old principal went back when the holding ended; the refill locks a new one.
      await tx.deleteFrom('package_holding_principals').where('holding_id', '=', holding.id).execute();
      await lockPrincipal(tx, this.ledger, { memberId, holdingId: holding.id, lines, eventType: 'fill', memo: holding.number, at: now });
      await this.purchased(tx, memberId, cost.principal, now);
      await payPremiumAndFee(tx, this.ledger, {
        memberId,
        holdingId: holding.id,
        feeCoin: product.terms.feeCoinName,
        premium: cost.premium,
        fee: cost.fee,
        jackpotSharePercent: sharePercent,
        memo: holding.number,
        at: now,
      });
      return { holdingId: input.holdingId };
    });
    return answer.holdingId;
  }

  /** What a redeem now would charge and give back, per point type (the redeem uses the same rule). */
  async redeemFee(memberId: string, holdingId: string, now = Date.now()) {
    const holding = await this.liveHolding(this.db, memberId, holdingId);
    const terms = parseTerms(holding.terms);
    const feePercent = redeemFeePercent(terms, holding, now);
    const principals = await this.db
      .selectFrom('package_holding_principals')
      .select(['coin_name', 'amount'])
      .where('holding_id', '=', holdingId)
      .orderBy('coin_name')
      .execute();
    const lines = redeemLines(
      principals.map((p) => ({ coinName: p.coin_name, amount: BigInt(p.amount) })).filter((p) => p.amount > 0n),
      feePercent,
    );
    const sum = (f: (l: (typeof lines)[number]) => bigint) => lines.reduce((a, l) => a + f(l), 0n);
    return {
      feePercent,
      principal: formatMinor(sum((l) => l.principal)),
      fee: formatMinor(sum((l) => l.fee)),
      lines: lines.map((l) => ({ coinName: l.coinName, principal: formatMinor(l.principal), fee: formatMinor(l.fee), receive: formatMinor(l.receive) })),
      receive: formatMinor(sum((l) => l.receive)),
    };
  }

  async redeem(memberId: string, input: { holdingId: string; transactionPassword: string; requestId: string }): Promise<string> {
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const answer = await this.keyed('redeem', memberId, input.requestId, { holdingId: input.holdingId }, async (tx, now) => {
      const holding = await this.liveHolding(tx, memberId, input.holdingId);
      await endHolding(tx, this.ledger, holding.id, 'redeemed', now, redeemFeePercent(parseTerms(holding.terms), holding, now));
      return { holdingId: input.holdingId };
    });
    return answer.holdingId;
  }

  /** A live holding to another member: principal fixed to fixed (makeOver), the same terms, dates and released amount. */
  async transferHolding(memberId: string, input: { holdingId: string; toUserName: string; transactionPassword: string; requestId: string }): Promise<string> {
    const sender = await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const recipient = await this.accounts.repository.byName(input.toUserName);
    if (!recipient) throw new AppError('package.recipientNotFound');
    if (recipient.id === memberId) throw new AppError('package.toSelf');
    const body = { holdingId: input.holdingId, toUserId: recipient.id };
    const answer = await this.keyed('internalTransfer', memberId, input.requestId, body, async (tx, now) => {
      const holding = await this.liveHolding(tx, memberId, input.holdingId);
      const ended = await tx
        .updateTable('package_holdings')
        .set({ state: 'expired', end_reason: 'transferred', ended_at: now, next_release_at: null })
        .where('id', '=', holding.id)
        .where('state', '!=', 'expired')
        .executeTakeFirst();
      if (ended.numUpdatedRows !== 1n) throw new AppError('package.wrongState');
      const newId = timeOrderedId();
      const terms = parseTerms(holding.terms);
      const number = await insertHolding(
        tx,
        {
          id: newId,
          memberId: recipient.id,
          productId: holding.product_id,
          kind: holding.kind,
          units: num(holding.units),
          terms,
          source: 'transfer',
          startedAt: num(holding.started_at),
        },
        {
          released: BigInt(holding.released),
          rewardCap: BigInt(holding.reward_cap),
          periodsPaid: num(holding.periods_paid),
          state: holding.state,
          dates: {
            startedAt: num(holding.started_at),
            effectiveAt: num(holding.effective_at),
            unlockAt: num(holding.unlock_at),
            expiresAt: num(holding.expires_at),
            nextReleaseAt: holding.next_release_at === null ? null : num(holding.next_release_at),
          },
        },
      );
      for (const line of await principalsOf(tx, holding.id)) {
        const id = await move(tx, this.ledger, {
          code: 'makeOver',
          coinName: line.coinName,
          amount: line.amount,
          from: { owner: memberId, purpose: 'fixed' },
          to: { owner: recipient.id, purpose: 'fixed' },
          memo: number,
        });
        await addToPrincipal(tx, newId, line.coinName, line.amount);
        await addEvent(tx, {
          holdingId: holding.id,
          memberId,
          type: 'transferOut',
          coinName: line.coinName,
          amount: -line.amount,
          detail: recipient.user_name,
          transferId: id,
          at: now,
        });
        await addEvent(tx, {
          holdingId: newId,
          memberId: recipient.id,
          type: 'transferIn',
          coinName: line.coinName,
          amount: line.amount,
          detail: sender.user_name,
          transferId: id,
          at: now,
        });
      }
      return { holdingId: input.holdingId };
    });
    return answer.holdingId;
  }

  async setAutoTopUp(memberId: string, status: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ auto_top_up: status ? 1 : 0 })
      .where('id', '=', memberId)
      .execute();
  }

  // ---- activation codes ----

  /** Buys a package for someone: everything is paid now, the terms are copied now; the principal waits in the system until activation. */
  async buyCode(
    memberId: string,
    lang: Language,
    input: { productId: string; quantity: number; payments: Payment[]; transactionPassword: string; requestId: string },
  ) {
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const sharePercent = await this.settings.get('jackpot.sharePercent');
    const body = { productId: input.productId, quantity: input.quantity, payments: input.payments };
    // The key's answer is the code's id; the code itself is read after, as it stands then (its
    // state, who activated it, the product's name in the reader's language), as the list shows it.
    const { id: codeId } = await this.keyed('activationCodeBuy', memberId, input.requestId, body, async (tx, now) => {
      const id = crypto.randomUUID();
      const product = await this.mustProduct(tx, input.productId);
      if (!product.isOnSale) throw new AppError('package.saleClosed');
      if (product.perMemberLimit > 0 && input.quantity > product.perMemberLimit) throw new AppError('package.memberLimit');
      const cost = costOf(product.terms, input.quantity);
      const lines = this.paymentLines(product.payWith, cost.principal, input.payments);
      // The total counts now; the holder's own limit counts when the code is activated.
      await this.reserve(tx, product, null, input.quantity);
      const code = newActivationCode();
      for (const line of lines) {
        if (line.amount > 0n)
          await move(tx, this.ledger, {
            code: 'buyMatching',
            coinName: line.coinName,
            amount: line.amount,
            from: { owner: memberId, purpose: 'available' },
            to: { owner: 'system', purpose: 'activationCodes' },
            memo: `code:${id}`,
          });
      }
      await payPremiumAndFee(tx, this.ledger, {
        memberId,
        holdingId: null,
        feeCoin: product.terms.feeCoinName,
        premium: cost.premium,
        fee: cost.fee,
        jackpotSharePercent: sharePercent,
        memo: `code:${id}`,
        at: now,
      });
      await tx
        .insertInto('package_activation_codes')
        .values({
          id,
          code,
          buyer_id: memberId,
          product_id: product.id,
          units: input.quantity,
          terms: JSON.stringify(product.terms),
          principals: JSON.stringify(lines.filter((l) => l.amount > 0n).map((l) => ({ coinName: l.coinName, amount: l.amount.toString() }))),
          principal: cost.principal,
          state: 'notActivated',
          activation_member_id: null,
          holding_id: null,
          created_at: now,
          activated_at: null,
        })
        .execute();
      return { id };
    });
    const row = await codeQuery(this.db, memberId).where('c.id', '=', codeId).executeTakeFirst();
    if (!row) throw new AppError('package.codeInvalid');
    return codeEntry(row, lang);
  }

  /**
   * Anyone signed in activates a code for a member by name; once (a conditional update), under the
   * holder's limits. The purchase-code endpoints activate through here under their own key (`as`:
   * their endpoint's name and their own business input).
   */
  async activateCode(callerId: string, input: { userName: string; code: string; requestId: string }, as?: { scope: string; input: object }): Promise<string> {
    const holder = await this.accounts.repository.byName(input.userName);
    const code = normalizeCode(input.code);
    const key = as ?? { scope: 'activationCodeActivate', input: { userName: input.userName.trim().toLowerCase(), code } };
    const answer = await this.keyed(key.scope, callerId, input.requestId, key.input, async (tx, now) => {
      const holdingId = timeOrderedId();
      const row = await tx.selectFrom('package_activation_codes').selectAll().where('code', '=', code).executeTakeFirst();
      if (!row || !holder) throw new AppError('package.codeInvalid');
      const taken = await tx
        .updateTable('package_activation_codes')
        .set({ state: 'activated', activation_member_id: holder.id, holding_id: holdingId, activated_at: now })
        .where('id', '=', row.id)
        .where('state', '=', 'notActivated')
        .executeTakeFirst();
      if (taken.numUpdatedRows !== 1n) throw new AppError('package.codeUsed');
      const product = await this.mustProduct(tx, row.product_id);
      const units = num(row.units);
      await this.refuse(tx, product, holder, units, { isOnSale: false, isTotal: false });
      await this.reserve(tx, product, holder.id, units, { isTotal: false });
      const terms = parseTerms(row.terms);
      const number = await insertHolding(tx, {
        id: holdingId,
        memberId: holder.id,
        productId: product.id,
        kind: product.kind,
        units,
        terms,
        source: 'activation',
        startedAt: now,
      });
      const lines = JSON.parse(row.principals) as Array<{ coinName: string; amount: string }>;
      for (const line of lines) {
        const amount = BigInt(line.amount);
        const id = await move(tx, this.ledger, {
          code: 'buyMatching',
          coinName: line.coinName,
          amount,
          from: { owner: 'system', purpose: 'activationCodes' },
          to: { owner: holder.id, purpose: 'fixed' },
          memo: number,
        });
        await addToPrincipal(tx, holdingId, line.coinName, amount);
        await addEvent(tx, {
          holdingId,
          memberId: holder.id,
          type: 'activate',
          coinName: line.coinName,
          amount,
          detail: row.code.slice(0, 4),
          transferId: id,
          at: now,
        });
      }
      await this.purchased(tx, holder.id, BigInt(row.principal), now);
      return { holdingId };
    });
    return answer.holdingId;
  }

  async codeList(memberId: string, lang: Language, state: 'notActivated' | 'activated' | undefined, cursor: string | undefined, pageSize: number) {
    let query = codeQuery(this.db, memberId);
    if (state !== undefined) query = query.where('c.state', '=', state);
    const { items, nextCursor } = await keysetPage(query, activationCodesPage, cursor, pageSize);
    return { items: items.map((r) => codeEntry(r, lang)), nextCursor };
  }

  // ---- reading ----

  async productList(memberId: string, lang: Language): Promise<{ items: ProductEntry[]; autoTopUp: boolean }> {
    const member = await this.accounts.mustGet(memberId);
    const rows = await this.db.selectFrom('package_products').selectAll().where('is_on_sale', '=', 1).orderBy('sort_order').orderBy('created_at').execute();
    const balances = await this.balances(memberId);
    const items: ProductEntry[] = [];
    for (const row of rows) {
      const product = toProduct(row);
      const newest = await this.db
        .selectFrom('package_holdings')
        .select(['state', 'unlock_at'])
        .where('member_id', '=', memberId)
        .where('product_id', '=', product.id)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const refusal = await this.refusalWithBalance(product, member, 1, balances);
      items.push({
        id: product.id,
        kind: product.kind,
        name: pickText(product.names, lang),
        description: pickText(product.descriptions, lang),
        terms: product.terms,
        payWith: product.payWith,
        perMemberLimit: product.perMemberLimit,
        totalLimit: product.totalLimit,
        sold: product.sold,
        isOnSale: product.isOnSale,
        minGrade: product.minGrade,
        isInviteOnly: product.isInviteOnly,
        memberState: newest ? (newest.state === 'expired' ? 'expired' : Date.now() >= num(newest.unlock_at) ? 'unlocked' : 'fixed') : 'notPurchased',
        memberUnits: await this.memberUnits(this.db, memberId, product.id),
        canBuy: refusal === null,
        refusal,
        sortOrder: num(row.sort_order),
      });
    }
    return { items, autoTopUp: num(member.auto_top_up) === 1 };
  }

  private async refusalWithBalance(product: Product, member: UserRow, units: number, balances: Balances): Promise<BuyRefusalReason | null> {
    const reason = await this.refusalOf(this.db, product, member, units);
    if (reason) return reason;
    const cost = costOf(product.terms, units);
    return this.canAfford(balances, product.payWith, product.terms.feeCoinName, cost.principal, cost.premium + cost.fee) ? null : 'insufficientBalance';
  }

  async checkBuy(memberId: string, productId: string, quantity: number) {
    const member = await this.accounts.mustGet(memberId);
    const product = await productById(this.db, productId);
    if (!product)
      return {
        isAllowed: false,
        reason: 'notFound' as const,
        principal: '0.000000',
        premium: '0.000000',
        fee: '0.000000',
        memberRemaining: null,
        totalRemaining: null,
      };
    const reason = await this.refusalWithBalance(product, member, quantity, await this.balances(memberId));
    const cost = costOf(product.terms, quantity);
    const units = await this.memberUnits(this.db, memberId, product.id);
    return {
      isAllowed: reason === null,
      reason,
      principal: formatMinor(cost.principal),
      premium: formatMinor(cost.premium),
      fee: formatMinor(cost.fee),
      memberRemaining: product.perMemberLimit > 0 ? Math.max(0, product.perMemberLimit - units) : null,
      totalRemaining: product.totalLimit > 0 ? Math.max(0, product.totalLimit - product.sold) : null,
    };
  }

  private async productNames(ids: string[], lang: Language): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('package_products')
      .select(['id', 'names'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, pickText(JSON.parse(r.names) as Record<string, string>, lang)]));
  }

  /** Holding entries of some rows: principals, names and open claims in one query each. */
  async entries(rows: HoldingRow[], lang: Language): Promise<HoldingEntry[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [principals, names, claims] = await Promise.all([
      this.db
        .selectFrom('package_holding_principals')
        .select(['holding_id', 'coin_name', 'amount'])
        .where('holding_id', 'in', ids)
        .orderBy('coin_name')
        .execute(),
      this.productNames(
        rows.map((r) => r.product_id),
        lang,
      ),
      this.db.selectFrom('package_claims').select('holding_id').where('holding_id', 'in', ids).where('open_key', 'is not', null).execute(),
    ]);
    const open = new Set(claims.map((c) => c.holding_id));
    const now = Date.now();
    return rows.map((r) =>
      toHoldingEntry(
        r,
        principals.filter((p) => p.holding_id === r.id && BigInt(p.amount) > 0n).map((p) => ({ coinName: p.coin_name, amount: BigInt(p.amount) })),
        names.get(r.product_id) ?? '',
        now,
        open.has(r.id),
      ),
    );
  }

  private holdingQuery(state: HoldingState | undefined) {
    const now = Date.now();
    let query = this.db.selectFrom('package_holdings').selectAll('package_holdings');
    if (state === 'expired') query = query.where('package_holdings.state', '=', 'expired');
    else if (state === 'fixed') query = query.where('package_holdings.state', '!=', 'expired').where('package_holdings.unlock_at', '>', now);
    else if (state === 'unlocked') query = query.where('package_holdings.state', '!=', 'expired').where('package_holdings.unlock_at', '<=', now);
    return query;
  }

  async holdingList(memberId: string, lang: Language, state: HoldingState | undefined, cursor: string | undefined, pageSize: number) {
    const { items: rows, nextCursor } = await keysetPage(
      this.holdingQuery(state).where('package_holdings.member_id', '=', memberId),
      holdingsPage,
      cursor,
      pageSize,
    );
    return { items: await this.entries(rows, lang), nextCursor };
  }

  async holdingAdminList(lang: Language, userName: string | undefined, state: HoldingState | undefined, cursor: string | undefined, pageSize: number) {
    let query = this.holdingQuery(state).innerJoin('users', 'users.id', 'package_holdings.member_id').select('users.user_name');
    if (userName && userName.trim() !== '') query = query.where('users.user_name_key', '=', userName.trim().toLowerCase());
    const { items: rows, nextCursor } = await keysetPage(query, holdingsPage, cursor, pageSize);
    const entries = await this.entries(rows, lang);
    return { items: entries.map((e, i) => ({ ...e, userName: rows[i]!.user_name })), nextCursor };
  }

  /** Events as the member reads them: an upgrade names the product it came from. */
  private async events(
    rows: Array<{ id: string; type: string; coin_name: string; amount: number | bigint; detail: string | null; at: number | bigint }>,
    lang: Language,
  ): Promise<HoldingEvent[]> {
    const upgradedFrom = rows.filter((r) => r.type === 'upgrade' && r.detail).map((r) => r.detail!);
    const names = await this.productNames(upgradedFrom, lang);
    return rows.map((r) => ({
      id: r.id,
      type: r.type as HoldingEventType,
      coinName: r.coin_name,
      amount: formatMinor(BigInt(r.amount)),
      detail: r.type === 'upgrade' && r.detail ? (names.get(r.detail) ?? r.detail) : r.detail,
      at: num(r.at),
    }));
  }

  async holdingDetail(memberId: string, lang: Language, holdingId: string, cursor: string | undefined) {
    const row = await this.ownHolding(this.db, memberId, holdingId);
    const query = this.db.selectFrom('package_holding_events').selectAll().where('holding_id', '=', holdingId);
    const { items: page, nextCursor } = await keysetPage(query, holdingEventsPage, cursor, eventsPageSize);
    const isFirstPage = cursor === undefined || cursor === '';
    return {
      holding: (await this.entries([row], lang))[0]!,
      events: await this.events(page, lang),
      nextCursor,
      releaseDays: isFirstPage ? await releaseDays(this.db, holdingId, Date.now()) : [],
    };
  }

  /** Every money line of every holding of the member, newest first. */
  async paymentRecords(memberId: string, lang: Language, type: HoldingEventType | undefined, cursor: string | undefined, pageSize: number) {
    let query = this.db
      .selectFrom('package_holding_events as e')
      .innerJoin('package_holdings as h', 'h.id', 'e.holding_id')
      .select(['e.id', 'e.type', 'e.coin_name', 'e.amount', 'e.detail', 'e.at', 'e.holding_id', 'h.number', 'h.product_id'])
      .where('e.member_id', '=', memberId)
      .where('e.amount', '!=', 0n);
    if (type) query = query.where('e.type', '=', type);
    const { items: page, nextCursor } = await keysetPage(query, paymentRecordsPage, cursor, pageSize);
    const events = await this.events(page, lang);
    const names = await this.productNames(
      page.map((r) => r.product_id),
      lang,
    );
    return {
      items: events.map((e, i) => ({
        ...e,
        holdingId: page[i]!.holding_id,
        holdingNumber: page[i]!.number,
        productName: names.get(page[i]!.product_id) ?? '',
      })),
      nextCursor,
    };
  }
}
