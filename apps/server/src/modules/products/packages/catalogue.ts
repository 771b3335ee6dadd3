/**
 * The package catalogue (decision 020): products staff edit with `packages.manage`, each save
 * checked for consistent terms, written with an optimistic version and audited with the before
 * and the after in the same transaction. Also the staff's list of every member's holdings.
 */
import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { payWithEntry, type PackageKind, type PackageTerms, type ProductAdminEntry, type productSaveRequest, parseAmount, unitMinor } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { once } from '../../../db/once.ts';
import type { PackageProductsTable } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import type { Actor, AuditService } from '../../platform/audit/index.ts';
import { nameKey } from '../../identity/accounts/index.ts';
import { minorOfTerm, parseTerms } from './holdings.ts';

export type ProductRow = Selectable<PackageProductsTable>;
export type PayWith = Array<z.infer<typeof payWithEntry>>;
export type ProductSave = z.output<typeof productSaveRequest>;

/** The point types a package may be paid with. */
export const packageCoins = ['USDT', 'ASSETS_POINT', 'REWARD_POINT'] as const;

export interface Product {
  row: ProductRow;
  id: string;
  kind: PackageKind;
  names: Record<string, string>;
  descriptions: Record<string, string>;
  terms: PackageTerms;
  payWith: PayWith;
  perMemberLimit: number;
  totalLimit: number;
  sold: number;
  isOnSale: boolean;
  minGrade: number | null;
  isInviteOnly: boolean;
}

export function toProduct(row: ProductRow): Product {
  return {
    row,
    id: row.id,
    kind: row.kind as PackageKind,
    names: JSON.parse(row.names) as Record<string, string>,
    descriptions: JSON.parse(row.descriptions) as Record<string, string>,
    terms: parseTerms(row.terms),
    payWith: z.array(payWithEntry).parse(JSON.parse(row.pay_with)),
    perMemberLimit: num(row.per_member_limit),
    totalLimit: num(row.total_limit),
    sold: num(row.sold),
    isOnSale: num(row.is_on_sale) === 1,
    minGrade: row.min_grade === null ? null : num(row.min_grade),
    isInviteOnly: num(row.is_invite_only) === 1,
  };
}

export async function productById(db: Db | Tx, id: string): Promise<Product | null> {
  const row = await db.selectFrom('package_products').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toProduct(row) : null;
}

const hundred = 100n * unitMinor;

/** The first inconsistency of a product's terms, in words for staff; null when it is sound. */
export function productProblem(input: Pick<ProductSave, 'kind' | 'names' | 'terms' | 'payWith' | 'minGrade' | 'isInviteOnly'>): string | null {
  const t = input.terms;
  if (!Object.values(input.names).some((n) => n.trim() !== '')) return 'a name in one language at least';
  if (minorOfTerm(t.price) <= 0n) return 'the price must be above 0';
  if (t.unlockDays > t.contractDays) return 'unlock days must not pass the contract days';
  if (!(packageCoins as readonly string[]).includes(t.feeCoinName)) return `the fee is paid in USDT, ASSETS_POINT or REWARD_POINT, not ${t.feeCoinName}`;
  const percents: Array<[string, string, bigint]> = [
    ['release percent', t.releasePercent, hundred],
    ['redeem fee percent', t.redeemFeePercent, hundred],
    ['redeem fee percent once unlocked', t.redeemFeeUnlockedPercent, hundred],
    ['claim guarantee percent', t.claimGuaranteePercent, hundred * 100n],
    ['maximum profit percent', t.maxProfitPercent, hundred * 100n],
  ];
  for (const [label, text, max] of percents) {
    const value = parseAmount(text);
    if (value === null || value > max) return `the ${label} is at most ${max / unitMinor}`;
  }
  if ((parseAmount(t.releasePercent) ?? 0n) <= 0n) return 'the release percent must be above 0';
  const seen = new Set<string>();
  let total = 0n;
  for (const p of input.payWith) {
    if (!(packageCoins as readonly string[]).includes(p.coinName)) return `${p.coinName} cannot pay a package`;
    if (seen.has(p.coinName)) return `${p.coinName} is listed twice`;
    seen.add(p.coinName);
    const share = parseAmount(p.maxPercent);
    if (share === null || share <= 0n || share > hundred) return `the share of ${p.coinName} is above 0 and at most 100`;
    total += share;
  }
  if (total < hundred) return 'the point types together must be allowed to pay 100% of the price';
  if (input.kind !== 'special' && (input.minGrade !== null || input.isInviteOnly)) return 'only special packages have a minimum grade or an invitation list';
  return null;
}

export class CatalogueService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  private async invitedNames(db: Db | Tx, productIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (productIds.length === 0) return out;
    const rows = await db
      .selectFrom('package_invites')
      .innerJoin('users', 'users.id', 'package_invites.member_id')
      .select(['package_invites.product_id', 'users.user_name'])
      .where('package_invites.product_id', 'in', productIds)
      .orderBy('users.user_name')
      .execute();
    for (const r of rows) out.set(r.product_id, [...(out.get(r.product_id) ?? []), r.user_name]);
    return out;
  }

  private toAdminEntry(p: Product, invited: string[]): ProductAdminEntry {
    return {
      id: p.id,
      kind: p.kind,
      names: p.names,
      descriptions: p.descriptions,
      terms: p.terms,
      payWith: p.payWith,
      perMemberLimit: p.perMemberLimit,
      totalLimit: p.totalLimit,
      sold: p.sold,
      isOnSale: p.isOnSale,
      minGrade: p.minGrade,
      isInviteOnly: p.isInviteOnly,
      invitedUserNames: invited,
      sortOrder: num(p.row.sort_order),
      version: num(p.row.version),
      updatedAt: num(p.row.updated_at),
    };
  }

  async adminList(): Promise<ProductAdminEntry[]> {
    const rows = await this.db.selectFrom('package_products').selectAll().orderBy('sort_order').orderBy('created_at').execute();
    const invited = await this.invitedNames(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => this.toAdminEntry(toProduct(r), invited.get(r.id) ?? []));
  }

  /** A new product (no id) or a change of one read at `version`; audited with the before and after. */
  async save(actor: Actor, input: ProductSave): Promise<ProductAdminEntry> {
    const problem = productProblem(input);
    if (problem) throw new AppError('package.productInvalid', { detail: problem });
    const wanted = [...new Set(input.invitedUserNames.map((n) => nameKey(n)).filter((n) => n !== ''))];
    const members = wanted.length === 0 ? [] : await this.db.selectFrom('users').select(['id', 'user_name_key']).where('user_name_key', 'in', wanted).execute();
    const unknown = wanted.filter((n) => !members.some((m) => m.user_name_key === n));
    if (unknown.length > 0) throw new AppError('package.productInvalid', { detail: `no member named ${unknown.slice(0, 5).join(', ')}` });
    // Keyed once (db/once.ts): a retried save whose answer was lost does not make a second product.
    const { requestId, ...fields } = input;
    const id = await inTransaction(this.db, (tx) =>
      once(tx, { scope: 'productSave', actor: actor.id, requestId, input: fields }, () => this.write(tx, actor, input, members)),
    );
    return (await this.adminList()).find((p) => p.id === id)!;
  }

  /** The product's row and invitations written in `tx`, audited; answers the product's id. */
  private async write(tx: Tx, actor: Actor, input: ProductSave, members: Array<{ id: string }>): Promise<string> {
    const now = Date.now();
    const values = {
      kind: input.kind,
      names: JSON.stringify(input.names),
      descriptions: JSON.stringify(input.descriptions),
      terms: JSON.stringify(input.terms),
      pay_with: JSON.stringify(input.payWith),
      per_member_limit: input.perMemberLimit,
      total_limit: input.totalLimit,
      is_on_sale: input.isOnSale ? 1 : 0,
      min_grade: input.minGrade,
      is_invite_only: input.isInviteOnly ? 1 : 0,
      sort_order: input.sortOrder,
      updated_at: now,
    };
    let before: ProductAdminEntry | null = null;
    let productId: string;
    if (input.id === undefined) {
      productId = crypto.randomUUID();
      await tx
        .insertInto('package_products')
        .values({ id: productId, ...values, sold: 0n, version: 1, created_at: now })
        .execute();
    } else {
      productId = input.id;
      const current = await productById(tx, productId);
      if (!current) throw new AppError('package.notFound');
      before = this.toAdminEntry(current, (await this.invitedNames(tx, [productId])).get(productId) ?? []);
      // The version read must still be the stored one: a save over someone else's is refused.
      const updated = await tx
        .updateTable('package_products')
        .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
        .where('id', '=', productId)
        .where('version', '=', input.version ?? num(current.row.version))
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw new AppError('config.staleVersion');
      await tx.deleteFrom('package_invites').where('product_id', '=', productId).execute();
    }
    if (members.length > 0)
      await tx
        .insertInto('package_invites')
        .values(members.map((m) => ({ product_id: productId, member_id: m.id })))
        .execute();
    const after = this.toAdminEntry((await productById(tx, productId))!, (await this.invitedNames(tx, [productId])).get(productId) ?? []);
    await this.audit.record(tx, actor, { action: 'package.productSave', targetType: 'packageProduct', targetId: productId, before, after, reason: '' });
    return productId;
  }
}
