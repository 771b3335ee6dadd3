/**
 * Purchase-code rushes and flash sales (decision 025).
 *
 * The start instant costs no password hashing: the member arms the purchase before (argon2 check
 * of the transaction password, then a random permit whose sha256 is stored in `scarce_permits`,
 * bound to the member and the sale). A purchase then runs, in this order:
 *  1. the sale row by primary key: too early, too late and sold out are answered from it with no
 *     write (a sold-out answer costs one read more than a balance read: the request id's row in
 *     the request log, so that a retry of a purchase that won still gets its first answer);
 *  2. one transaction keyed once by the request id (db/once.ts: scope `buyPurchaseCode` or
 *     `flashSaleBuy`, input the sale's id; a retry or a parallel duplicate is answered the first
 *     result, never a second purchase), the permit consumed with a conditional update, the stock
 *     taken with `sold = sold + 1 where sold < total`, the member's count with an upsert guarded
 *     by the per-member limit, one ledger transfer (member available -> system activationCodes
 *     for a code; member available -> member fixed for a flash-sale holding), then the code or
 *     the holding and the purchase record. Any refusal rolls the whole transaction back.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import {
  scarceLimits,
  type Language,
  type SaleEntry,
  type SaleKind,
  type SaleRefusalReason,
  type saleOpenRequest,
  formatMinor,
  parseAmount,
} from '@pp/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { inputHash, once } from '../../../db/once.ts';
import { legacyInputHash } from '../../../db/migrations/049-adjustment-keys-to-request-log.ts';
import { AppError } from '../../../errors.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';
import type { AccountService } from '../../identity/accounts/index.ts';
import type { Actor, AuditService } from '../../platform/audit/index.ts';
import type { LedgerRepository } from '../../wallet/ledger/index.ts';
import { productById } from '../packages/index.ts';
import { addEvent, addToPrincipal, insertHolding, move, pickText } from '../packages/index.ts';
import { newActivationCode, type PackageService } from '../packages/index.ts';
import { timeOrderedId } from '../../../db/ids.ts';
import { inTransaction } from '../../../db/transaction.ts';

type SaleRow = {
  id: string;
  kind: string;
  product_id: string;
  units: number | bigint;
  price: number | bigint;
  coin_name: string;
  total: number | bigint;
  sold: number | bigint;
  per_member_limit: number | bigint;
  min_grade: number | bigint | null;
  is_flagged_only: number | bigint;
  starts_at: number | bigint;
  ends_at: number | bigint;
  created_by: string;
  created_at: number | bigint;
};

/** What a purchase answers (`salePurchaseResponse`), stored as the key's answer. */
type PurchaseAnswer = { purchaseId: string; codeId: string | null; holdingId: string | null };

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function refusal(reason: SaleRefusalReason): AppError {
  return new AppError(`scarce.${reason}`);
}

/** Time and stock refusals from the row alone (no write, no lock). */
export function timeOrStockRefusal(sale: Pick<SaleRow, 'starts_at' | 'ends_at' | 'sold' | 'total'>, now: number): SaleRefusalReason | null {
  if (now < num(sale.starts_at)) return 'tooEarly';
  if (now >= num(sale.ends_at)) return 'tooLate';
  if (num(sale.sold) >= num(sale.total)) return 'soldOut';
  return null;
}

/** Staff's sales, newest first (decision 052). */
const salesAdminPage = newestFirst('saleAdminList');
/** The member's purchase codes, newest first (decision 052). */
const purchaseCodesPage = newestFirst('purchaseCodeRecordList', 'c.created_at', 'c.id');

export class SaleService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountService,
    private readonly packages: PackageService,
    private readonly audit: AuditService,
    private readonly clock: () => number = Date.now,
  ) {}

  private async sale(db: Db | Tx, saleId: string): Promise<SaleRow> {
    const row = await db.selectFrom('scarce_sales').selectAll().where('id', '=', saleId).executeTakeFirst();
    if (!row) throw refusal('notFound');
    return row;
  }

  private async eligibility(sale: SaleRow, memberId: string): Promise<SaleRefusalReason | null> {
    const user = await this.db.selectFrom('users').select(['level', 'buy_purchase_code_status']).where('id', '=', memberId).executeTakeFirst();
    if (!user) return 'notEligible';
    if (sale.min_grade !== null && num(user.level) < num(sale.min_grade)) return 'notEligible';
    if (num(sale.is_flagged_only) === 1 && num(user.buy_purchase_code_status) !== 1) return 'notEligible';
    return null;
  }

  // ---- staff ----

  async open(actor: Actor, lang: Language, input: z.output<typeof saleOpenRequest>) {
    const price = parseAmount(input.price);
    if (price === null || price <= 0n) throw new AppError('request.invalid', undefined, 'price', 'validation.amountPositive');
    if (input.endsAt <= input.startsAt) throw new AppError('scarce.endBeforeStart', undefined, 'endsAt');
    if (input.endsAt - input.startsAt > scarceLimits.windowMsMax) throw new AppError('scarce.windowTooLong', undefined, 'endsAt');
    if (input.perMemberLimit > input.total) throw new AppError('scarce.limitOverTotal', undefined, 'perMemberLimit');
    const product = await productById(this.db, input.productId);
    if (!product) throw new AppError('package.notFound', undefined, 'productId');
    const id = crypto.randomUUID();
    const now = this.clock();
    await inTransaction(
      this.db,
      async (tx) => {
        const row = {
          id,
          kind: input.kind,
          product_id: product.id,
          units: input.units,
          price,
          coin_name: input.coinName,
          total: BigInt(input.total),
          sold: 0n,
          per_member_limit: input.perMemberLimit,
          min_grade: input.minGrade,
          is_flagged_only: input.isFlaggedOnly ? 1 : 0,
          starts_at: BigInt(input.startsAt),
          ends_at: BigInt(input.endsAt),
          created_by: actor.id,
          created_at: BigInt(now),
        };
        await tx.insertInto('scarce_sales').values(row).execute();
        await this.audit.record(tx, actor, {
          action: input.kind === 'code' ? 'scarce.rushOpen' : 'scarce.flashSaleOpen',
          targetType: 'scarceSale',
          targetId: id,
          before: null,
          after: { ...input },
          reason: input.reason,
        });
      },
      { groupCommit: true },
    );
    return this.adminEntry(id, lang);
  }

  /**
   * Ends a sale now (`ends_at = now`, audited `scarce.saleClose` with the reason). The update is
   * conditional on the sale not having ended, so of two staff closing at once one wins and the
   * other is told `scarce.alreadyEnded`; a purchase after it is `scarce.tooLate` (the purchase's
   * stock update checks `ends_at > now` in its own transaction).
   */
  async close(actor: Actor, lang: Language, input: { saleId: string; reason: string }) {
    const now = this.clock();
    await inTransaction(
      this.db,
      async (tx) => {
        const before = await tx.selectFrom('scarce_sales').selectAll().where('id', '=', input.saleId).executeTakeFirst();
        if (!before) throw new AppError('scarce.notFound', undefined, 'saleId');
        // A sale that has not started yet ends at once too: its window becomes empty (start = end = now).
        const changed = await tx
          .updateTable('scarce_sales')
          .set({ ends_at: BigInt(now), starts_at: sql<bigint>`case when starts_at > ${BigInt(now)} then ${BigInt(now)} else starts_at end` })
          .where('id', '=', input.saleId)
          .where('ends_at', '>', BigInt(now))
          .executeTakeFirst();
        if (changed.numUpdatedRows !== 1n) throw new AppError('scarce.alreadyEnded');
        await this.audit.record(tx, actor, {
          action: 'scarce.saleClose',
          targetType: 'scarceSale',
          targetId: input.saleId,
          before: { startsAt: num(before.starts_at), endsAt: num(before.ends_at), sold: num(before.sold) },
          after: { endsAt: now },
          reason: input.reason,
        });
      },
      { groupCommit: true },
    );
    return this.adminEntry(input.saleId, lang);
  }

  private async adminEntry(id: string, lang: Language) {
    const row = await this.db.selectFrom('scarce_sales').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw refusal('notFound');
    return this.adminItem(row, await this.productNames([row.product_id], lang));
  }

  private adminItem(r: SaleRow, names: Map<string, string>) {
    return {
      ...this.base(r, names),
      sold: num(r.sold),
      minGrade: r.min_grade === null ? null : num(r.min_grade),
      isFlaggedOnly: num(r.is_flagged_only) === 1,
      createdAt: num(r.created_at),
    };
  }

  /** Every sale (or those of a kind), newest first, paged by `createdAt:id`; names in the staff member's language. */
  async adminList(lang: Language, kind: SaleKind | undefined, cursor: string | undefined, pageSize: number) {
    let query = this.db.selectFrom('scarce_sales').selectAll();
    if (kind) query = query.where('kind', '=', kind);
    const { items: page, nextCursor } = await keysetPage(query, salesAdminPage, cursor, pageSize);
    const names = await this.productNames(
      page.map((r) => r.product_id),
      lang,
    );
    return {
      serverTime: this.clock(),
      items: page.map((r) => this.adminItem(r, names)),
      nextCursor,
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

  private base(r: SaleRow, names: Map<string, string>) {
    return {
      id: r.id,
      kind: r.kind as SaleKind,
      productId: r.product_id,
      productName: names.get(r.product_id) ?? '',
      units: num(r.units),
      price: formatMinor(BigInt(r.price)),
      coinName: r.coin_name,
      total: num(r.total),
      left: Math.max(0, num(r.total) - num(r.sold)),
      perMemberLimit: num(r.per_member_limit),
      startsAt: num(r.starts_at),
      endsAt: num(r.ends_at),
    };
  }

  // ---- members ----

  /** Sales of a kind that have not ended (and those ended in the last hour), with the server's clock. */
  async list(memberId: string, lang: Language, kind: SaleKind): Promise<{ serverTime: number; items: SaleEntry[] }> {
    const now = this.clock();
    const rows = await this.db
      .selectFrom('scarce_sales')
      .selectAll()
      .where('kind', '=', kind)
      .where('ends_at', '>', now - 3_600_000)
      .orderBy('starts_at', 'asc')
      .limit(20)
      .execute();
    const names = await this.productNames(
      rows.map((r) => r.product_id),
      lang,
    );
    const ids = rows.map((r) => r.id);
    const counts = ids.length
      ? await this.db.selectFrom('scarce_sale_members').select(['sale_id', 'bought']).where('member_id', '=', memberId).where('sale_id', 'in', ids).execute()
      : [];
    const permits = ids.length
      ? await this.db
          .selectFrom('scarce_permits')
          .select(['sale_id', 'expires_at', 'used_at'])
          .where('member_id', '=', memberId)
          .where('sale_id', 'in', ids)
          .execute()
      : [];
    const items: SaleEntry[] = [];
    for (const r of rows) {
      const bought = num(counts.find((c) => c.sale_id === r.id)?.bought ?? 0);
      const permit = permits.find((p) => p.sale_id === r.id);
      const refusalReason =
        (await this.eligibility(r, memberId)) ??
        (bought >= num(r.per_member_limit) ? 'memberLimit' : now >= num(r.ends_at) ? 'tooLate' : num(r.sold) >= num(r.total) ? 'soldOut' : null);
      items.push({
        ...this.base(r, names),
        bought,
        refusal: refusalReason,
        armedUntil: permit && permit.used_at === null && num(permit.expires_at) > now ? num(permit.expires_at) : null,
      });
    }
    return { serverTime: now, items };
  }

  /**
   * Checks the transaction password now (during the countdown) and gives a single-use permit for
   * this member and sale; arming again replaces an unused permit.
   */
  async arm(memberId: string, input: { saleId: string; transactionPassword: string }) {
    const sale = await this.sale(this.db, input.saleId);
    const now = this.clock();
    if (now >= num(sale.ends_at)) throw refusal('tooLate');
    const reason = await this.eligibility(sale, memberId);
    if (reason) throw refusal(reason);
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const permit = crypto.randomBytes(24).toString('base64url');
    const expiresAt = Math.min(num(sale.ends_at), Math.max(now, num(sale.starts_at)) + scarceLimits.permitMs);
    await this.db
      .insertInto('scarce_permits')
      .values({ sale_id: sale.id, member_id: memberId, token_hash: sha256(permit), expires_at: BigInt(expiresAt), used_at: null })
      .onConflict((oc) => oc.columns(['sale_id', 'member_id']).doUpdateSet({ token_hash: sha256(permit), expires_at: BigInt(expiresAt), used_at: null }))
      .execute();
    return { permit, expiresAt, serverTime: now };
  }

  /** A purchase with an armed permit; see the module comment for the order of the checks. */
  async purchase(memberId: string, kind: SaleKind, input: { saleId: string; permit: string; requestId: string }): Promise<PurchaseAnswer> {
    // The permit is single-use and not part of the key's input: a retry is the same purchase.
    const key = { scope: kind === 'code' ? 'buyPurchaseCode' : 'flashSaleBuy', actor: memberId, requestId: input.requestId, input: { saleId: input.saleId } };
    const now = this.clock();
    const sale = await this.sale(this.db, input.saleId);
    if (sale.kind !== kind) throw refusal('notFound');
    const early = timeOrStockRefusal(sale, now);
    if (early) {
      // A retry of a purchase that won before the sell-out still gets its first answer. Only a
      // read: the claim is taken in the purchase's transaction, which a sold-out answer never opens.
      const first = await this.db
        .selectFrom('request_log')
        .select(['input_hash', 'result_json'])
        .where('scope', '=', key.scope)
        .where('actor', '=', key.actor)
        .where('request_id', '=', key.requestId)
        .executeTakeFirst();
      if (!first || first.result_json === null) throw refusal(early);
      if (first.input_hash !== inputHash(key.input) && first.input_hash !== legacyInputHash) throw new AppError('ledger.requestIdReused');
      return JSON.parse(first.result_json) as PurchaseAnswer;
    }
    return inTransaction(
      this.db,
      (tx) =>
        once(tx, key, async (): Promise<PurchaseAnswer> => {
          const purchaseId = crypto.randomUUID();
          // The stock is read first, without a lock, so a purchase that cannot win does no work; the
          // guarded update that takes an item comes last, just before the commit, so on PostgreSQL the
          // sale's row is locked only for that update and the commit, not for the whole purchase.
          const stock = await tx.selectFrom('scarce_sales').select(['sold', 'total']).where('id', '=', sale.id).executeTakeFirstOrThrow();
          if (num(stock.sold) >= num(stock.total)) throw refusal('soldOut');
          const used = await tx
            .updateTable('scarce_permits')
            .set({ used_at: BigInt(now) })
            .where('sale_id', '=', sale.id)
            .where('member_id', '=', memberId)
            .where('token_hash', '=', sha256(input.permit))
            .where('used_at', 'is', null)
            .where('expires_at', '>', BigInt(now))
            .executeTakeFirst();
          if (used.numUpdatedRows !== 1n) throw refusal('permitInvalid');
          const limit = BigInt(num(sale.per_member_limit));
          const counted = await tx
            .insertInto('scarce_sale_members')
            .values({ sale_id: sale.id, member_id: memberId, bought: 1 })
            .onConflict((oc) =>
              oc
                .columns(['sale_id', 'member_id'])
                .doUpdateSet((eb) => ({ bought: eb('scarce_sale_members.bought', '+', 1) }))
                .where(() => sql<boolean>`scarce_sale_members.bought + 1 <= ${limit}`),
            )
            .executeTakeFirst();
          if (counted.numInsertedOrUpdatedRows !== 1n) throw refusal('memberLimit');
          const delivered = await this.deliver(tx, sale, memberId, purchaseId, now);
          const taken = await tx
            .updateTable('scarce_sales')
            .set((eb) => ({ sold: eb('sold', '+', 1n) }))
            .where('id', '=', sale.id)
            .where((eb) => eb('sold', '<', eb.ref('total')))
            .where('starts_at', '<=', BigInt(now))
            .where('ends_at', '>', BigInt(now))
            .executeTakeFirst();
          if (taken.numUpdatedRows !== 1n) throw refusal('soldOut');
          return delivered;
        }),
      { groupCommit: true },
    ).catch((error: unknown) => {
      if (error instanceof AppError && error.key === 'package.insufficientBalance') throw refusal('insufficientBalance');
      throw error;
    });
  }

  /** The money and the goods: a code waiting for activation, or a holding at once. */
  private async deliver(tx: Tx, sale: SaleRow, memberId: string, purchaseId: string, now: number): Promise<PurchaseAnswer> {
    const price = BigInt(sale.price);
    const product = await productById(tx, sale.product_id);
    if (!product) throw refusal('notFound');
    const units = num(sale.units);
    if (sale.kind === 'code') {
      const codeId = crypto.randomUUID();
      const transferId = await move(tx, this.ledger, {
        code: 'purchaseCodeBuy',
        coinName: sale.coin_name,
        amount: price,
        from: { owner: memberId, purpose: 'available' },
        to: { owner: 'system', purpose: 'activationCodes' },
        memo: `rush:${sale.id}`,
      });
      await tx
        .insertInto('package_activation_codes')
        .values({
          id: codeId,
          code: newActivationCode(),
          buyer_id: memberId,
          product_id: product.id,
          units,
          terms: JSON.stringify(product.terms),
          principals: JSON.stringify([{ coinName: sale.coin_name, amount: price.toString() }]),
          principal: price,
          state: 'notActivated',
          activation_member_id: null,
          holding_id: null,
          created_at: now,
          activated_at: null,
          sale_id: sale.id,
        })
        .execute();
      await tx
        .insertInto('scarce_purchases')
        .values({
          id: purchaseId,
          sale_id: sale.id,
          member_id: memberId,
          kind: 'code',
          amount: price,
          coin_name: sale.coin_name,
          code_id: codeId,
          holding_id: null,
          transfer_id: transferId,
          created_at: now,
        })
        .execute();
      return { purchaseId, codeId, holdingId: null };
    }
    const holdingId = timeOrderedId(now);
    const number = await insertHolding(tx, {
      id: holdingId,
      memberId,
      productId: product.id,
      kind: product.kind,
      units,
      terms: product.terms,
      source: 'purchase',
      startedAt: now,
    });
    const transferId = await move(tx, this.ledger, {
      code: 'flashSaleBuy',
      coinName: sale.coin_name,
      amount: price,
      from: { owner: memberId, purpose: 'available' },
      to: { owner: memberId, purpose: 'fixed' },
      memo: number,
    });
    await addToPrincipal(tx, holdingId, sale.coin_name, price);
    await addEvent(tx, { holdingId, memberId, type: 'buy', coinName: sale.coin_name, amount: -price, detail: null, transferId, at: now });
    await this.packages.purchased(tx, memberId, price, now);
    await tx
      .insertInto('scarce_purchases')
      .values({
        id: purchaseId,
        sale_id: sale.id,
        member_id: memberId,
        kind: 'flash',
        amount: price,
        coin_name: sale.coin_name,
        code_id: null,
        holding_id: holdingId,
        transfer_id: transferId,
        created_at: now,
      })
      .execute();
    return { purchaseId, codeId: null, holdingId };
  }

  // ---- purchase codes ----

  private async ownCode(memberId: string, text: string) {
    const code = text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
    const row = await this.db.selectFrom('package_activation_codes').select(['id', 'code', 'buyer_id', 'sale_id']).where('code', '=', code).executeTakeFirst();
    if (!row || row.sale_id === null || row.sale_id === undefined) throw new AppError('package.codeInvalid');
    if (row.buyer_id !== memberId) throw new AppError('scarce.codeNotYours');
    return row;
  }

  /** Activates one's own code into a package for oneself; once (the packages' conditional update). */
  async activate(memberId: string, input: { code: string; requestId: string }): Promise<string> {
    const row = await this.ownCode(memberId, input.code);
    const name = await this.accounts.repository.nameOf(memberId);
    if (!name) throw new AppError('member.notFound');
    return this.packages.activateCode(
      memberId,
      { userName: name, code: row.code, requestId: input.requestId },
      { scope: 'activatePurchaseCode', input: { code: row.code } },
    );
  }

  /** Gives one's own code to another member by name: it is activated into a package for them; once. */
  async give(memberId: string, input: { code: string; toUserName: string; requestId: string }): Promise<string> {
    const row = await this.ownCode(memberId, input.code);
    const to = await this.accounts.repository.byName(input.toUserName);
    if (!to) throw new AppError('package.recipientNotFound');
    if (to.id === memberId) throw new AppError('package.toSelf');
    return this.packages.activateCode(
      memberId,
      { userName: to.user_name, code: row.code, requestId: input.requestId },
      { scope: 'givePurchaseCode', input: { code: row.code, toUserId: to.id } },
    );
  }

  async codeList(memberId: string, lang: Language, state: 'notActivated' | 'activated' | undefined, cursor: string | undefined, pageSize: number) {
    let query = this.db
      .selectFrom('package_activation_codes as c')
      .innerJoin('scarce_sales as s', 's.id', 'c.sale_id')
      .leftJoin('users as u', 'u.id', 'c.activation_member_id')
      .select([
        'c.id',
        'c.code',
        'c.product_id',
        'c.units',
        'c.principal',
        'c.state',
        'c.activation_member_id',
        'c.holding_id',
        'c.created_at',
        'c.activated_at',
        's.coin_name',
        'u.user_name',
      ])
      .where('c.buyer_id', '=', memberId);
    if (state) query = query.where('c.state', '=', state);
    const { items: page, nextCursor } = await keysetPage(query, purchaseCodesPage, cursor, pageSize);
    const names = await this.productNames(
      page.map((r) => r.product_id),
      lang,
    );
    return {
      items: page.map((r) => ({
        id: r.id,
        code: r.code,
        productName: names.get(r.product_id) ?? '',
        units: num(r.units),
        price: formatMinor(BigInt(r.principal)),
        coinName: r.coin_name,
        state: r.state as 'notActivated' | 'activated',
        activationUserName: r.user_name ?? null,
        isGiven: r.activation_member_id !== null && r.activation_member_id !== memberId,
        holdingId: r.holding_id,
        createdAt: num(r.created_at),
        activatedAt: r.activated_at === null ? null : num(r.activated_at),
      })),
      nextCursor,
    };
  }
}
