/**
 * Holdings for the release, claim and jackpot tests and the bench, made without the buy service
 * (decision 020's rows, written directly): a product row, members, and per holding the ledger
 * transfers `airdrop` (system airdrop -> member available) and `buyMatching` (member available ->
 * member fixed), the package_holdings row with the terms as JSON, its principal rows and a buy event.
 * Batches of holdings share one transaction, so 100,000 holdings take seconds, not minutes.
 */
import crypto from 'node:crypto';
import type { PackageTerms } from '@pp/contract';
import type { Db, DbHandle } from '../src/db/index.ts';
import { num } from '../src/db/index.ts';
import { timeOrderedId } from '../src/db/ids.ts';
import { parseAmount, percentOfStrict } from '@pp/contract';
import type { LedgerRepository } from '../src/modules/wallet/ledger/repository.ts';
import { firstReleaseAt } from '../src/modules/products/packages/release.ts';
import { settled } from '../src/modules/wallet/ledger/index.ts';
import { inTransaction } from '../src/db/transaction.ts';

export const dayMs = 86_400_000;
export const hourMs = 3_600_000;

/** 100 USDT a unit, 1 % a day for 30 days, cap 20 %, claims guarantee 40 %, a 7-day draw. */
export const baseTerms: PackageTerms = {
  price: '100',
  premium: '1',
  fee: '2',
  feeCoinName: 'USDT',
  contractDays: 30,
  unlockDays: 10,
  effectiveDelayHours: 24,
  releasePercent: '1',
  releasePeriodHours: 24,
  maxProfitPercent: '20',
  maxReward: '0',
  redeemFeePercent: '5',
  redeemFeeUnlockedPercent: '1',
  claimGuaranteePercent: '40',
  drawCycleDays: 7,
};

export async function insertProduct(db: Db, terms: PackageTerms = baseTerms): Promise<string> {
  const id = `prod-${crypto.randomBytes(4).toString('hex')}`;
  await db
    .insertInto('package_products')
    .values({
      id,
      kind: 'normal',
      names: JSON.stringify({ 'en-US': `Plan ${id}` }),
      descriptions: JSON.stringify({ 'en-US': 'A test plan' }),
      terms: JSON.stringify(terms),
      pay_with: JSON.stringify([{ coinName: 'USDT', maxPercent: '100' }]),
      per_member_limit: 0,
      total_limit: 0,
      sold: 0,
      is_on_sale: 1,
      min_grade: null,
      is_invite_only: 0,
      sort_order: 0,
      version: 1,
      created_at: BigInt(Date.now()),
      updated_at: BigInt(Date.now()),
    })
    .execute();
  return id;
}

/** Member rows written directly (no sign-in possible): for tests that only need owners. */
export async function insertMembers(db: Db, count: number, prefix = `m${crypto.randomBytes(3).toString('hex')}`): Promise<string[]> {
  const ids: string[] = [];
  const rows = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    ids.push(id);
    const name = `${prefix}${i}`;
    rows.push({
      id,
      user_name: name,
      user_name_key: name.toLowerCase(),
      password_hash: 'x',
      tx_password_hash: 'x',
      country_code: 'ID',
      email: `${name}@example.com`,
      referral_id: `R${id}`,
      user_number: `U${id}`,
      referrer_id: null,
      tree_path: '/',
      level: 0,
      buy_purchase_code_status: 0,
      is_protected: 0,
      auto_top_up: 0,
      agree_status: 1,
      is_login_locked: 0,
      is_money_locked: 0,
      created_at: BigInt(Date.now()),
    });
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('users')
      .values(rows.slice(i, i + 200))
      .execute();
  return ids;
}

export interface HoldingSpec {
  memberId: string;
  productId: string;
  terms: PackageTerms;
  units: number;
  startedAt: number;
  /** The principal per point type; by default all of it in USDT. */
  principals?: Array<{ coinName: string; amount: bigint }>;
}

/** units x min(price x maxProfitPercent / 100, maxReward when > 0) */
export function rewardCapOf(terms: PackageTerms, units: number): bigint {
  const price = parseAmount(terms.price)!;
  const byRatio = percentOfStrict(price, terms.maxProfitPercent, 'down');
  const absolute = parseAmount(terms.maxReward) ?? 0n;
  return BigInt(units) * (absolute > 0n && absolute < byRatio ? absolute : byRatio);
}

let numberSeq = 0;

/** Makes the holdings (ledger and rows); answers their ids in the order of `specs`. */
export async function createHoldings(handle: DbHandle, ledger: LedgerRepository, specs: HoldingSpec[], batchSize = 500): Promise<string[]> {
  const db = handle.db;
  const ids: string[] = [];
  const existing = await db
    .selectFrom('package_holdings')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  numberSeq = Math.max(numberSeq, num(existing.n));
  for (let i = 0; i < 64; i++) await ledger.accountId(db, { owner: 'system', coinName: 'USDT', purpose: 'airdrop' }, true);
  for (let start = 0; start < specs.length; start += batchSize) {
    const batch = specs.slice(start, start + batchSize);
    const warm = new Set<string>();
    for (const spec of batch) {
      for (const p of spec.principals ?? [{ coinName: 'USDT', amount: 0n }]) {
        const key = `${spec.memberId}/${p.coinName}`;
        if (warm.has(key)) continue;
        warm.add(key);
        await ledger.accountId(db, { owner: spec.memberId, coinName: p.coinName, purpose: 'available' }, true);
        await ledger.accountId(db, { owner: spec.memberId, coinName: p.coinName, purpose: 'fixed' }, true);
        if (p.coinName !== 'USDT') await ledger.accountId(db, { owner: 'system', coinName: p.coinName, purpose: 'airdrop' }, true);
      }
    }
    await inTransaction(
      handle.db,
      async (tx) => {
        const holdings = [];
        const principalRows = [];
        const events = [];
        const principalsOf = (spec: HoldingSpec) => spec.principals ?? [{ coinName: 'USDT', amount: parseAmount(spec.terms.price)! * BigInt(spec.units) }];
        // The members' money first, one airdrop per member and point type for the whole batch.
        const credits = new Map<string, bigint>();
        for (const spec of batch)
          for (const p of principalsOf(spec)) credits.set(`${spec.memberId}/${p.coinName}`, (credits.get(`${spec.memberId}/${p.coinName}`) ?? 0n) + p.amount);
        for (const [key, amount] of credits) {
          const [memberId, coinName] = key.split('/') as [string, string];
          await ledger
            .transfer(
              {
                requestId: null,
                code: 'airdrop',
                coinName,
                amount,
                debit: { owner: 'system', coinName, purpose: 'airdrop' },
                credit: { owner: memberId, coinName, purpose: 'available' },
                isPending: false,
              },
              tx,
            )
            .then(settled);
        }
        for (const spec of batch) {
          const id = timeOrderedId();
          ids.push(id);
          const principals = principalsOf(spec);
          const principal = principals.reduce((sum, p) => sum + p.amount, 0n);
          for (const p of principals) {
            const lock = await ledger
              .transfer(
                {
                  requestId: null,
                  code: 'buyMatching',
                  coinName: p.coinName,
                  amount: p.amount,
                  debit: { owner: spec.memberId, coinName: p.coinName, purpose: 'available' },
                  credit: { owner: spec.memberId, coinName: p.coinName, purpose: 'fixed' },
                  isPending: false,
                  memo: id,
                },
                tx,
              )
              .then(settled);
            principalRows.push({ holding_id: id, coin_name: p.coinName, amount: p.amount });
            events.push({
              id: timeOrderedId(),
              holding_id: id,
              member_id: spec.memberId,
              type: 'buy',
              coin_name: p.coinName,
              amount: -p.amount,
              detail: null,
              transfer_id: lock.id,
              at: BigInt(spec.startedAt),
            });
          }
          const effectiveAt = spec.startedAt + spec.terms.effectiveDelayHours * hourMs;
          const expiresAt = spec.startedAt + spec.terms.contractDays * dayMs;
          numberSeq++;
          holdings.push({
            id,
            number: `H${String(numberSeq).padStart(9, '0')}`,
            member_id: spec.memberId,
            product_id: spec.productId,
            kind: 'normal',
            units: spec.units,
            terms: JSON.stringify(spec.terms),
            principal,
            reward_cap: rewardCapOf(spec.terms, spec.units),
            released: 0n,
            state: 'fixed',
            end_reason: null,
            source: 'purchase',
            started_at: BigInt(spec.startedAt),
            effective_at: BigInt(effectiveAt),
            unlock_at: BigInt(spec.startedAt + spec.terms.unlockDays * dayMs),
            expires_at: BigInt(expiresAt),
            ended_at: null,
            periods_paid: 0,
            next_release_at: ((at) => (at === null ? null : BigInt(at)))(firstReleaseAt(effectiveAt, spec.terms.releasePeriodHours, expiresAt)),
            created_at: BigInt(spec.startedAt),
          });
        }
        for (let i = 0; i < holdings.length; i += 100)
          await tx
            .insertInto('package_holdings')
            .values(holdings.slice(i, i + 100))
            .execute();
        for (let i = 0; i < principalRows.length; i += 200)
          await tx
            .insertInto('package_holding_principals')
            .values(principalRows.slice(i, i + 200))
            .execute();
        for (let i = 0; i < events.length; i += 200)
          await tx
            .insertInto('package_holding_events')
            .values(events.slice(i, i + 200))
            .execute();
      },
      { groupCommit: true },
    );
  }
  return ids;
}

/** Funds a system pool (insurance, jackpot) from the airdrop account. */
export async function fundSystem(ledger: LedgerRepository, purpose: string, coinName: string, amount: bigint): Promise<void> {
  await ledger
    .transfer({
      requestId: null,
      code: 'airdrop',
      coinName,
      amount,
      debit: { owner: 'system', coinName, purpose: 'airdrop' },
      credit: { owner: 'system', coinName, purpose },
      isPending: false,
    })
    .then(settled);
}

/**
 * Decision 020's invariant: every member's fixed balance per point type equals the principal of
 * their live holdings, for every member who has holdings. Answers the differences (empty when all agree).
 */
export async function fixedBalanceProblems(db: Db): Promise<string[]> {
  const expected = new Map<string, bigint>();
  const live = await db
    .selectFrom('package_holding_principals')
    .innerJoin('package_holdings', 'package_holdings.id', 'package_holding_principals.holding_id')
    .select(['package_holdings.member_id', 'package_holding_principals.coin_name', 'package_holding_principals.amount'])
    .where('package_holdings.state', '<>', 'expired')
    .execute();
  for (const r of live) {
    const key = `${r.member_id}/${r.coin_name}`;
    expected.set(key, (expected.get(key) ?? 0n) + BigInt(r.amount));
  }
  const actual = new Map<string, bigint>();
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['owner', 'coin_name', 'credits_posted', 'debits_posted'])
    .where('purpose', '=', 'fixed')
    .execute();
  for (const a of accounts) actual.set(`${a.owner}/${a.coin_name}`, BigInt(a.credits_posted) - BigInt(a.debits_posted));
  // Members with holdings (a demo member's fixed balance from before packages is not a holding's).
  const holders = new Set((await db.selectFrom('package_holdings').select('member_id').distinct().execute()).map((r) => r.member_id));
  const problems: string[] = [];
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    if (!holders.has(key.split('/')[0]!)) continue;
    const e = expected.get(key) ?? 0n;
    const a = actual.get(key) ?? 0n;
    if (e !== a) problems.push(`${key}: fixed ${a}, live principal ${e}`);
  }
  return problems;
}
