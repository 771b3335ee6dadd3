/**
 * Small referral trees for the compensation plan's tests (decision 022), written directly: members
 * with a referrer, tree path and grade, and holdings bought at chosen moments (package-fixtures).
 */
import type { PackageTerms } from '@pp/contract';
import type { DbHandle } from '../src/db/index.ts';
import type { LedgerRepository } from '../src/modules/wallet/ledger/repository.ts';
import { baseTerms, createHoldings, insertMembers, insertProduct } from './package-fixtures.ts';

/** 100 a unit, maximum profit 200 %: a unit may pay 200 of rewards and bonuses. */
export const planTerms: PackageTerms = { ...baseTerms, contractDays: 180, maxProfitPercent: '200' };

/**
 * Members named by `spec` ("name:grade:referrerName"), top first; answers name -> id.
 * The user names get a random prefix; `names` maps them back.
 */
export async function makeTree(handle: DbHandle, spec: string[]): Promise<Map<string, string>> {
  const db = handle.db;
  const ids = await insertMembers(db, spec.length);
  const byName = new Map<string, string>();
  const pathOf = new Map<string, string>();
  for (const [i, entry] of spec.entries()) {
    const [name, grade, parent] = entry.split(':') as [string, string, string | undefined];
    const id = ids[i]!;
    const referrerId = parent ? byName.get(parent)! : null;
    const treePath = referrerId ? `${pathOf.get(referrerId)!}${referrerId}/` : '/';
    byName.set(name, id);
    pathOf.set(id, treePath);
    await db
      .updateTable('users')
      .set({
        referrer_id: referrerId,
        tree_path: treePath,
        level: Number(grade),
        user_name: `${name}-${id.slice(0, 6)}`,
        user_name_key: `${name}-${id.slice(0, 6)}`,
        created_at: BigInt(i),
      })
      .where('id', '=', id)
      .execute();
  }
  return byName;
}

/** One holding per entry: member id, units, moment; answers the holding ids. */
export async function buy(
  handle: DbHandle,
  ledger: LedgerRepository,
  buys: Array<{ memberId: string; units: number; at: number; terms?: PackageTerms }>,
): Promise<string[]> {
  const productId = await insertProduct(handle.db, planTerms);
  return createHoldings(
    handle,
    ledger,
    buys.map((b) => ({ memberId: b.memberId, productId, terms: b.terms ?? planTerms, units: b.units, startedAt: b.at })),
  );
}
