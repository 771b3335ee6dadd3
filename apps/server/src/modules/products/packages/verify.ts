/**
 * The packages' side of the books (decision 020): for every member and point type, the fixed
 * account's posted balance equals the principal of their live holdings. Nothing else may sit in
 * a fixed balance (an activation code not yet activated keeps its principal in the system).
 * Registered with the ledger's verification when this module loads (decision 044): the
 * composition (services.ts) and `npm run ledger:verify` import it.
 */
import type { Db } from '../../../db/index.ts';
import { registerVerifier } from '../../wallet/ledger/index.ts';

export async function verifyPackages(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const fixed = await db
    .selectFrom('ledger_accounts')
    .select(['owner', 'coin_name', 'credits_posted', 'debits_posted'])
    .where('purpose', '=', 'fixed')
    .where('is_system', '=', 0)
    .execute();
  const principals = await db
    .selectFrom('package_holding_principals as p')
    .innerJoin('package_holdings as h', 'h.id', 'p.holding_id')
    .select(['h.member_id', 'p.coin_name', (eb) => eb.fn.sum<bigint | string | number>('p.amount').as('total')])
    .where('h.state', '!=', 'expired')
    .groupBy(['h.member_id', 'p.coin_name'])
    .execute();
  const key = (owner: string, coin: string) => `${owner}\u0000${coin}`;
  const locked = new Map(principals.map((p) => [key(p.member_id, p.coin_name), BigInt(p.total)]));
  const seen = new Set<string>();
  for (const a of fixed) {
    const k = key(a.owner, a.coin_name);
    seen.add(k);
    const balance = BigInt(a.credits_posted) - BigInt(a.debits_posted);
    const expected = locked.get(k) ?? 0n;
    if (balance !== expected) problems.push(`member ${a.owner} ${a.coin_name}: fixed balance ${balance} but live holdings lock ${expected}`);
  }
  for (const [k, total] of locked) {
    if (!seen.has(k) && total !== 0n) {
      const [owner, coin] = k.split('\u0000');
      problems.push(`member ${owner} ${coin}: live holdings lock ${total} but there is no fixed account`);
    }
  }
  return problems;
}

registerVerifier('packages.fixedBalances', verifyPackages);
