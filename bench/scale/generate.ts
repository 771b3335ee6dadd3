/**
 * The scale benchmark's data (decision 046): a database shaped like a platform after two
 * years, written with set-based SQL (INSERT ... SELECT over a number series: a recursive CTE on
 * SQLite, generate_series on PostgreSQL), never through the API. It starts from the real schema
 * (the caller migrates first) and fills it; `factor` scales every count (1 = the target sizes).
 *
 * At factor 1: 1,000,000 members (one referral chain 10,000 deep, the rest a tree of fan-out 10
 * under the chain's top), 10,000,000 ledger transfers over two years across every point type and
 * transfer code, 1,000,000 package holdings with three releases each, 2,000,000 notifications,
 * 1,000,000 audit rows, 250,000 bank deposits and 250,000 withdrawals in every state, 100,000
 * waiting review items, and the community figures (member_figures, 24 member_month_figures of the
 * top). The books stay verifiable: transfers come in pairs, a credit to a member and then a
 * smaller debit of the same member, each leg between a member account and a system account, and
 * every account's four totals are set from the journal at the end, so `ledger:verify` passes.
 *
 * The member with the long history is the chain's top, `c0`: every 50th pair is theirs
 * (200,000 transfers at factor 1), and their community is every generated member.
 */
import { sql, type RawBuilder } from 'kysely';
import { monthKeyOf, revenueTypes } from '@pp/contract';
import type { DbHandle } from '../../apps/server/src/db/index.ts';
import { dayMs, dayTotalCodes } from '../../apps/server/src/modules/back-office/dashboard/verify.ts';
import { baseTerms, insertProduct } from '../../apps/server/test/package-fixtures.ts';

export interface ScaleCounts {
  members: number;
  depth: number;
  transfers: number;
  holdings: number;
  notifications: number;
  audit: number;
  deposits: number;
  withdrawals: number;
  waitingReviews: number;
}

/** The issue's sizes times `factor`, each at least a small floor so a tiny factor still has every shape. */
export function scaleCounts(factor: number): ScaleCounts {
  const n = (full: number, floor: number) => Math.max(floor, Math.round(full * factor));
  const members = n(1_000_000, 200);
  return {
    members,
    depth: Math.min(members, n(10_000, 20)),
    transfers: n(10_000_000, 2_000) & ~1,
    holdings: n(1_000_000, 200),
    notifications: n(2_000_000, 400),
    audit: n(1_000_000, 200),
    deposits: n(250_000, 60),
    withdrawals: n(250_000, 60),
    waitingReviews: n(100_000, 40),
  };
}

/** The member with the long history (and the whole community below). */
export const longHistoryMember = 'c0';
const yearMs = 365 * 86_400_000;

// Every point type and transfer code (apps/server/src/modules/wallet/ledger/repository.ts), split by the
// side a member account is on: credits to the member, then debits of the same member.
const coins = ['USDT', 'ASSETS_POINT', 'REWARD_POINT'];
const creditCodes = [
  'deposit',
  'airdrop',
  'prizePoolBonus',
  'managerBonus',
  'sameLevelReward',
  'buyMatching',
  'rankingBonus',
  'sponsorshipBonus',
  'directBonus',
  'algebraicBonus',
  'bonusFeeBonus',
  'internalTransfer',
  'performanceBonus',
  'activateBonus',
  'packageRelease',
  'redeem',
  'claimPayout',
  'buyMatchingBonus',
  'equityBonus',
];
const debitCodes = [
  'withdraw',
  'underweight',
  'makeOver',
  'withdrawFee',
  'convert',
  'convertFee',
  'bonusFee',
  'packageFee',
  'redeemFee',
  'purchaseCodeBuy',
  'flashSaleBuy',
  'equityBuy',
];
const reviewQueueNames = ['manualAdjustment', 'exchange', 'bankDeposit', 'withdrawal', 'packageClaim', 'chainDeposit'];
const auditActions = [
  'config.update',
  'review.approve',
  'review.reject',
  'member.grade',
  'staff.update',
  'package.productSave',
  'payout.bank',
  'payout.reject',
];
const notificationTypes = [
  'depositCredited',
  'depositRejected',
  'withdrawalPaid',
  'withdrawalRejected',
  'exchangeApproved',
  'exchangeRejected',
  'packageUnlocked',
  'bonusPaid',
  'gradeChanged',
];

const lit = (value: number | string) => sql.lit(value);
/** CASE expr % n WHEN 0 THEN list[0] ... : picks a value from a list by a number. */
function pick(expr: RawBuilder<unknown>, list: readonly string[]): RawBuilder<unknown> {
  return sql`(CASE (${expr}) % ${lit(list.length)} ${sql.join(
    list.map((v, i) => sql`WHEN ${lit(i)} THEN ${lit(v)}`),
    sql` `,
  )} END)`;
}

export interface GenerateResult {
  counts: ScaleCounts;
  seconds: number;
  steps: Array<{ step: string; seconds: number }>;
}

/**
 * A table's secondary indexes dropped while `run` writes it and built again afterwards, as a bulk
 * load does: ten million rows inserted into a dozen B-trees at once cost an hour on SQLite at
 * factor 1 (each insert a page the cache no longer holds), and one CREATE INDEX per index after
 * the load is a sort. The indexes behind a primary key or unique constraint stay.
 */
async function withoutIndexes(handle: DbHandle, table: string, log: (line: string) => void, run: () => Promise<void>): Promise<void> {
  const { db, dialect } = handle;
  const indexes =
    dialect === 'postgres'
      ? (
          await sql<{ name: string; definition: string }>`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename = ${table} AND indexname NOT IN (SELECT conname FROM pg_constraint)`.execute(db)
        ).rows
      : (
          await sql<{
            name: string;
            definition: string;
          }>`SELECT name, sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL`.execute(db)
        ).rows;
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  await run();
  const t0 = performance.now();
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  log(`    ${indexes.length} indexes of ${table} built again after the load: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

export async function generateScale(handle: DbHandle, factor: number, options: { now?: number; log?: (line: string) => void } = {}): Promise<GenerateResult> {
  const { db, dialect } = handle;
  // SQLite: a page cache of 1 GiB for the generation (the default 2 MiB rereads the journal's
  // index pages from the file for every insert); the connection's own setting comes back after.
  const cacheBefore = dialect === 'sqlite' ? (await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db)).rows[0]?.cache_size : undefined;
  if (dialect === 'sqlite') await sql`PRAGMA cache_size = -1048576`.execute(db);
  try {
    return await generateScaleWith(handle, factor, options);
  } finally {
    if (cacheBefore !== undefined) await sql.raw(`PRAGMA cache_size = ${Number(cacheBefore)}`).execute(db);
  }
}

async function generateScaleWith(handle: DbHandle, factor: number, options: { now?: number; log?: (line: string) => void }): Promise<GenerateResult> {
  const { db, dialect } = handle;
  const counts = scaleCounts(factor);
  const now = options.now ?? Date.now();
  const start = now - 2 * yearMs;
  const log = options.log ?? (() => {});
  const steps: GenerateResult['steps'] = [];
  const began = performance.now();
  const step = async (name: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name}: ${seconds.toFixed(1)} s`);
  };
  /** INSERT ... SELECT over the numbers [from, to) as n(i), in slices so one statement never holds millions of rows. */
  const series = async (from: number, to: number, body: (range: RawBuilder<unknown>) => RawBuilder<unknown>, slice = 500_000) => {
    for (let a = from; a < to; a += slice) {
      const b = Math.min(to, a + slice);
      const range =
        dialect === 'postgres'
          ? sql`WITH n(i) AS (SELECT generate_series(${lit(a)}::bigint, ${lit(b - 1)}::bigint))`
          : sql`WITH RECURSIVE n(i) AS (SELECT ${lit(a)} UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${lit(b)})`;
      await body(range).execute(db);
    }
  };
  const { members, depth } = counts;
  // Member number m (0 .. members-1) as its id: the chain c0..c{depth-1}, then the tree r0...
  const memberId = (m: RawBuilder<unknown>) => sql`(CASE WHEN (${m}) < ${lit(depth)} THEN 'c' || (${m}) ELSE 'r' || ((${m}) - ${lit(depth)}) END)`;
  const userColumns = sql`id, user_name, user_name_key, password_hash, tx_password_hash, country_code, email, referral_id, user_number, referrer_id, tree_path, level,
    buy_purchase_code_status, is_protected, auto_top_up, agree_status, is_login_locked, is_money_locked, created_at`;

  await step('members', async () => {
    // The chain: one statement, each member the child of the one before (the tree path grows a level a row).
    const chain =
      dialect === 'postgres'
        ? sql`WITH RECURSIVE ch(i, id, parent, path) AS (SELECT 0::bigint, 'c0'::text, NULL::text, '/'::text UNION ALL SELECT i + 1, 'c' || (i + 1), id, path || id || '/' FROM ch WHERE i + 1 < ${lit(depth)})`
        : sql`WITH RECURSIVE ch(i, id, parent, path) AS (SELECT 0, 'c0', NULL, '/' UNION ALL SELECT i + 1, 'c' || (i + 1), id, path || id || '/' FROM ch WHERE i + 1 < ${lit(depth)})`;
    await sql`${chain} INSERT INTO users (${userColumns})
      SELECT id, 'member' || id, 'member' || id, 'x', 'x', 'ID', id || '@scale.example', 'R' || id, 'N' || id, parent, path, (i % 5), 0, 0, 0, 1, 0, 0, ${lit(start)} + i * 1000 FROM ch`.execute(
      db,
    );
    // The rest, a generation at a time: r0..r999 under c0, then r{k} under r{k / 10}.
    const rest = members - depth;
    let from = 0;
    let to = Math.min(rest, 1000);
    while (from < to) {
      await series(
        from,
        to,
        (n) => sql`${n} INSERT INTO users (${userColumns})
        SELECT 'r' || i, 'memberr' || i, 'memberr' || i, 'x', 'x', ${pick(sql`i`, ['ID', 'CN', 'JP', 'KR'])}, 'r' || i || '@scale.example', 'Rr' || i, 'Nr' || i, p.id, p.tree_path || p.id || '/', (i % 5), 0, 0, 0, 1, 0, 0,
          ${lit(start)} + i * ${lit(Math.max(1, Math.floor((2 * yearMs) / Math.max(1, rest))))}
        FROM n JOIN users p ON p.id = CASE WHEN i < 1000 THEN 'c0' ELSE 'r' || (i / 10) END`,
      );
      from = to;
      to = Math.min(rest, to * 10);
    }
  });

  // The generated members (a test app's demo members are left alone).
  const generated = sql`email LIKE '%@scale.example'`;
  await step('community figures', async () => {
    await sql`INSERT INTO member_figures (member_id, personal, community, largest_leg, team_size, direct_count, grade_pinned, updated_at)
      SELECT id, 0, 0, 0, 0, 0, 0, ${lit(now)} FROM users WHERE ${generated}`.execute(db);
    await sql`UPDATE member_figures SET direct_count = (SELECT count(*) FROM users d WHERE d.referrer_id = member_figures.member_id) WHERE member_id IN (SELECT id FROM users WHERE ${generated})`.execute(
      db,
    );
    await sql`UPDATE member_figures SET team_size = ${lit(depth)} - 1 - CAST(substr(member_id, 2) AS integer) WHERE member_id IN (SELECT id FROM users WHERE ${generated} AND id LIKE 'c%')`.execute(
      db,
    );
    await sql`UPDATE member_figures SET team_size = team_size + ${lit(members - depth)}, personal = 1000000000, community = CAST(${lit(members)} AS bigint) * 100000000, largest_leg = CAST(${lit(members - depth)} AS bigint) * 100000000 WHERE member_id = 'c0'`.execute(
      db,
    );
    // The top's month figures: the 24 months of the two years.
    const months = [...new Set(Array.from({ length: 24 }, (_, k) => monthKeyOf(start + k * (yearMs / 12) + 86_400_000)))];
    await db
      .insertInto('member_month_figures')
      .values(months.map((month, k) => ({ member_id: 'c0', month, personal: BigInt(10_000_000 * (k + 1)), community: BigInt(100_000_000 * (k + 1)) })))
      .execute();
  });

  await step('ledger accounts', async () => {
    // Every member: an available account per point type; the system: one account per (coin, code).
    for (const [c, coin] of coins.entries()) {
      await sql`INSERT INTO ledger_accounts (id, owner, coin_name, purpose, is_system, debits_posted, credits_posted, debits_pending, credits_pending, created_at)
        SELECT 'a/' || id || '/' || ${lit(coin)}, id, ${lit(coin)}, 'available', 0, 0, 0, 0, 0, created_at + ${lit(c)} FROM users WHERE ${generated}`.execute(
        db,
      );
      for (const code of [...creditCodes, ...debitCodes]) {
        await sql`INSERT INTO ledger_accounts (id, owner, coin_name, purpose, is_system, debits_posted, credits_posted, debits_pending, credits_pending, created_at)
          VALUES (${lit(`s/${coin}/${code}`)}, 'system', ${lit(coin)}, ${lit(`scale-${code}#0`)}, 1, 0, 0, 0, 0, ${lit(start)})`.execute(db);
      }
    }
  });

  const pairs = counts.transfers / 2;
  const span = Math.max(1, Math.floor((2 * yearMs) / pairs));
  // Pair p: member m(p), every 50th the long-history member; coin p % 3; codes by p.
  const pairMember = memberId(sql`CASE WHEN p % 50 = 0 THEN 0 ELSE (p * 7919) % ${lit(members)} END`);
  const coin = pick(sql`p`, coins);
  // Seqs after whatever the database holds already (a test app's demo data).
  const maxSeq = async (table: 'ledger_transfers' | 'audit_log') =>
    Number((await sql<{ m: number | bigint | null }>`SELECT max(seq) AS m FROM ${sql.table(table)}`.execute(db)).rows[0]?.m ?? 0);
  const seqBase = await maxSeq('ledger_transfers');
  // The journal's totals triggers (revenue totals, migration 034, decision 049; day totals,
  // migration 045, decision 059) would add each counted transfer a row at a time: paused while the
  // journal is written, the totals are set from it afterwards (decision 064).
  const journalTriggers = ['revenue_totals_add', 'ledger_day_totals_add'];
  const triggerSql = new Map<string, string>();
  for (const name of journalTriggers) {
    if (dialect === 'sqlite')
      triggerSql.set(name, (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ${name}`.execute(db)).rows[0]!.sql);
    await sql.raw(dialect === 'postgres' ? `ALTER TABLE ledger_transfers DISABLE TRIGGER ${name}` : `DROP TRIGGER ${name}`).execute(db);
  }
  await step('ledger transfers', async () => {
    await withoutIndexes(handle, 'ledger_transfers', log, async () => {
      for (const side of ['credit', 'debit'] as const) {
        const codes = side === 'credit' ? creditCodes : debitCodes;
        const code = pick(sql`p / 3`, codes);
        // A credit of 1 to 1.999 points, then a debit of 0.001 to 0.0109: no member account goes below zero.
        const amount = side === 'credit' ? sql`1000000 + (p % 1000) * 1000` : sql`1000 + (p % 10) * 1000`;
        const member = sql`'a/' || ${pairMember} || '/' || ${coin}`;
        const system = sql`'s/' || ${coin} || '/' || ${code}`;
        const offset = side === 'credit' ? 1 : 2;
        await series(
          0,
          pairs,
          (n) => sql`${n}, q(p) AS (SELECT i FROM n)
        INSERT INTO ledger_transfers (id, seq, request_id, request_hash, code, coin_name, amount, debit_account_id, credit_account_id, kind, pending_id, state, memo, created_at)
        SELECT 't' || (2 * p + ${lit(offset)}), 2 * p + ${lit(offset + seqBase)}, NULL, NULL, ${code}, ${coin}, ${amount},
          ${side === 'credit' ? system : member}, ${side === 'credit' ? member : system}, 'posted', NULL, 'final', '', ${lit(start)} + p * ${lit(span)} + ${lit(offset - 1)}
        FROM q`,
        );
      }
    });
  });

  await step('account totals', async () => {
    await sql`UPDATE ledger_accounts SET credits_posted = a.s FROM (SELECT credit_account_id AS id, sum(amount) AS s FROM ledger_transfers WHERE kind = 'posted' GROUP BY credit_account_id) a WHERE a.id = ledger_accounts.id`.execute(
      db,
    );
    await sql`UPDATE ledger_accounts SET debits_posted = a.s FROM (SELECT debit_account_id AS id, sum(amount) AS s FROM ledger_transfers WHERE kind = 'posted' GROUP BY debit_account_id) a WHERE a.id = ledger_accounts.id`.execute(
      db,
    );
    await sql`DELETE FROM revenue_totals`.execute(db);
    await sql`INSERT INTO revenue_totals (account_id, code, amount) SELECT credit_account_id, code, sum(amount) FROM ledger_transfers
      WHERE kind IN ('posted', 'post_pending') AND code IN (${sql.join(revenueTypes.map((code) => lit(code)))}) GROUP BY credit_account_id, code`.execute(db);
    await sql`DELETE FROM ledger_day_totals`.execute(db);
    await sql`INSERT INTO ledger_day_totals (day, code, coin_name, stripe, amount) SELECT created_at / ${lit(dayMs)}, code, coin_name, 0, sum(amount) FROM ledger_transfers
      WHERE kind IN ('posted', 'post_pending') AND code IN (${sql.join(dayTotalCodes.map((code) => lit(code)))}) GROUP BY created_at / ${lit(dayMs)}, code, coin_name`.execute(
      db,
    );
    for (const name of journalTriggers)
      await sql.raw(dialect === 'postgres' ? `ALTER TABLE ledger_transfers ENABLE TRIGGER ${name}` : triggerSql.get(name)!).execute(db);
  });

  // The rows beside the journal, each pointing at a transfer of its code: the p of the k-th pair with a given code.
  const pairOf = (codes: string[], code: string, k: RawBuilder<unknown>) => sql`((${k}) * ${lit(3 * codes.length)} + ${lit(3 * codes.indexOf(code))})`;
  const withPair = (codes: string[], code: string, limit: number) => (n: RawBuilder<unknown>) =>
    sql`${n}, q(k, p) AS (SELECT i, ${pairOf(codes, code, sql`i`)} FROM n WHERE ${pairOf(codes, code, sql`i`)} < ${lit(pairs)} AND i < ${lit(limit)})`;
  await step('member transfers, exchanges, deposits, withdrawals', async () => {
    await series(
      0,
      Math.ceil(pairs / (3 * creditCodes.length)) + 1,
      (n) => sql`${withPair(creditCodes, 'internalTransfer', pairs)(n)}
      INSERT INTO member_transfers (id, transfer_id, from_id, to_id, coin_name, amount, fee, bonus, created_at)
      SELECT 'mt' || p, 't' || (2 * p + 1), ${memberId(sql`(p * 7919 + 1) % ${lit(members)}`)}, ${pairMember}, ${coin}, 1000000 + (p % 1000) * 1000, 0, 0, ${lit(start)} + p * ${lit(span)} FROM q`,
    );
    await series(
      0,
      Math.ceil(pairs / (3 * debitCodes.length)) + 1,
      (n) => sql`${withPair(debitCodes, 'convert', pairs)(n)}
      INSERT INTO exchanges (id, number, member_id, exchange_type, source_coin, target_coin, amount, fee, received, rate, minimum, status, hold_transfer_id, review_id, reject_code, reject_note, created_at, decided_at)
      SELECT 'ex' || p, 'EX' || p, ${pairMember}, 'USDT_TO_ASSETS_POINT', ${coin}, 'ASSETS_POINT', 1000 + (p % 10) * 1000, 0, 1000 + (p % 10) * 1000, '1', '1',
        ${pick(sql`k`, ['pendingReview', 'approved', 'rejected', 'cancelled'])}, 't' || (2 * p + 2), 'rvx' || p, NULL, NULL, ${lit(start)} + p * ${lit(span)}, NULL FROM q`,
    );
    await series(
      0,
      counts.deposits,
      (n) => sql`${withPair(creditCodes, 'deposit', counts.deposits)(n)}
      INSERT INTO bank_deposits (id, number, member_id, coin_name, amount, currency, rate, local_amount, receipt_number, receipt_number_key, receipt_upload_id, other_upload_id, status, credit_transfer_id, review_id, reject_code, reject_note, created_at, decided_at)
      SELECT 'bd' || p, 'BD' || p, ${pairMember}, ${coin}, 1000000 + (p % 1000) * 1000, 'IDR', '16000', '16000', 'RCPT' || p, 'rcpt' || p, 'up' || p, NULL,
        ${pick(sql`k`, ['pendingReview', 'approved', 'rejected'])}, 't' || (2 * p + 1), 'rvd' || p, NULL, NULL, ${lit(start)} + p * ${lit(span)}, NULL FROM q`,
    );
    await series(
      0,
      counts.withdrawals,
      (n) => sql`${withPair(debitCodes, 'withdraw', counts.withdrawals)(n)}
      INSERT INTO withdrawals (id, number, member_id, withdrawal_type, channel, chain, coin_name, amount, fee, destination, destination_id, status, hold_transfer_id, fee_transfer_id, review_id, created_at)
      SELECT 'wd' || p, 'WD' || p, ${pairMember}, ${pick(sql`k`, ['bsc', 'bank'])}, ${pick(sql`k`, ['chain', 'bank'])}, NULL, ${coin}, 1000 + (p % 10) * 1000, 0, 'dest', 'dest' || p,
        ${pick(sql`k`, ['pendingReview', 'pendingDisbursement', 'processing', 'success', 'rejected'])}, 't' || (2 * p + 2), NULL, 'rvw' || p, ${lit(start)} + p * ${lit(span)} FROM q`,
    );
  });

  await step('review items', async () => {
    // The waiting queues (pending, and awaiting a second approver), then as many decided ones.
    await series(
      0,
      2 * counts.waitingReviews,
      (
        n,
      ) => sql`${n} INSERT INTO review_items (id, queue, status, member_id, coin_name, amount, subject_id, summary_json, evidence_json, first_approver_id, created_by_staff_id, reject_code, reject_note, created_at, decided_at, amount_exact)
      SELECT 'rv' || i, ${pick(sql`i`, reviewQueueNames)}, CASE WHEN i < ${lit(counts.waitingReviews)} THEN (CASE WHEN i % 10 = 0 THEN 'awaitingSecond' ELSE 'pending' END) ELSE ${pick(sql`i`, ['approved', 'rejected'])} END,
        ${memberId(sql`(i * 7919) % ${lit(members)}`)}, 'USDT', 1000000, 'subject' || i, '{}', '[]', NULL, NULL, NULL, NULL, ${lit(now)} - i * 60000, NULL, NULL FROM n`,
    );
  });

  await step('review decisions', async () => {
    await series(
      counts.waitingReviews,
      2 * counts.waitingReviews,
      (n) => sql`${n} INSERT INTO review_decisions (id, item_id, staff_id, staff_name, decision, reason_code, note, at)
      SELECT 'rd' || i, 'rv' || i, 'scale-staff', 'scalestaff', CASE WHEN i % 2 = 0 THEN 'approve' ELSE 'reject' END, CASE WHEN i % 2 = 0 THEN NULL ELSE 'other' END, '', ${lit(now)} - i * 60000 + 30000 FROM n`,
    );
  });

  await step('package holdings and releases', async () => {
    const productId = await insertProduct(db, baseTerms);
    const terms = JSON.stringify(baseTerms);
    await series(
      0,
      counts.holdings,
      (
        n,
      ) => sql`${n} INSERT INTO package_holdings (id, number, member_id, product_id, kind, units, terms, principal, reward_cap, released, state, end_reason, source, started_at, effective_at, unlock_at, expires_at, ended_at, periods_paid, next_release_at, created_at)
      SELECT 'ph' || i, 'PH' || i, ${memberId(sql`CASE WHEN i % 50 = 0 THEN 0 ELSE (i * 7919) % ${lit(members)} END`)}, ${lit(productId)}, 'normal', 1, ${lit(terms)}, 100000000, 300000000, 3000000,
        ${pick(sql`i`, ['fixed', 'unlocked', 'expired'])}, NULL, 'purchase', ${lit(start)} + i * ${lit(Math.max(1, Math.floor((2 * yearMs) / counts.holdings)))}, ${lit(start)} + i * ${lit(Math.max(1, Math.floor((2 * yearMs) / counts.holdings)))},
        ${lit(now + yearMs)}, ${lit(now + 2 * yearMs)}, NULL, 3, NULL, ${lit(start)} + i * ${lit(Math.max(1, Math.floor((2 * yearMs) / counts.holdings)))} FROM n`,
    );
    // Principals of the expired holdings only (a live holding's principal is the member's fixed
    // balance, which these books do not hold), and a decided claim on every 20th holding.
    await series(
      0,
      counts.holdings,
      (n) => sql`${n} INSERT INTO package_holding_principals (holding_id, coin_name, amount)
      SELECT 'ph' || i, 'USDT', 100000000 FROM n WHERE i % 3 = 2`,
    );
    await series(
      0,
      Math.ceil(counts.holdings / 20),
      (
        n,
      ) => sql`${n} INSERT INTO package_claims (id, holding_id, open_key, member_id, coin_name, amount, state, review_id, transfer_id, reject_code, reject_note, created_at, decided_at)
      SELECT 'pc' || i, 'ph' || (i * 20), NULL, ${memberId(sql`CASE WHEN (i * 20) % 50 = 0 THEN 0 ELSE (i * 20 * 7919) % ${lit(members)} END`)}, 'USDT', 1000000, 'rejected', 'rvc' || i, NULL, 'other', NULL, ${lit(start)} + i * 60000, ${lit(start)} + i * 60000 + 3600000 FROM n`,
    );
    for (const period of [1, 2, 3]) {
      await series(
        0,
        counts.holdings,
        (n) => sql`${n} INSERT INTO package_releases (holding_id, period, amount, is_reinvested, transfer_id, paid_at)
        SELECT 'ph' || i, ${lit(period)}, 1000000, 0, NULL, ${lit(start)} + i * 60000 + ${lit(period * 86_400_000)} FROM n`,
      );
    }
  });

  await step('notifications', async () => {
    await series(
      0,
      counts.notifications,
      (n) => sql`${n} INSERT INTO notifications (id, member_id, type, params, is_read, created_at, read_at)
      SELECT 'nt' || i, ${memberId(sql`CASE WHEN i % 50 = 0 THEN 0 ELSE (i * 7919) % ${lit(members)} END`)}, ${pick(sql`i`, notificationTypes)}, '{}', CASE WHEN i % 3 = 0 THEN 0 ELSE 1 END,
        ${lit(start)} + i * ${lit(Math.max(1, Math.floor((2 * yearMs) / counts.notifications)))}, NULL FROM n`,
    );
  });

  const auditBase = await maxSeq('audit_log');
  await step('audit log', async () => {
    await series(
      0,
      counts.audit,
      (n) => sql`${n} INSERT INTO audit_log (id, seq, at, actor_id, actor_name, action, target_type, target_id, before_json, after_json, reason, ip)
      SELECT 'au' || i, ${lit(auditBase + 1)} + i, ${lit(start)} + i * ${lit(Math.max(1, Math.floor((2 * yearMs) / counts.audit)))}, 'scale-staff', 'scalestaff', ${pick(sql`i`, auditActions)}, 'member',
        ${memberId(sql`(i * 7919) % ${lit(members)}`)}, '{}', '{}', 'scale', '127.0.0.1' FROM n`,
    );
  });

  if (dialect === 'postgres') {
    // The next seqs the application takes come after the generated ones.
    await sql`SELECT setval('ledger_transfers_seq', (SELECT max(seq) FROM ledger_transfers))`.execute(db);
    await sql`SELECT setval('audit_log_seq', (SELECT max(seq) FROM audit_log))`.execute(db);
  }
  await step('analyze', async () => {
    if (dialect === 'postgres') {
      // VACUUM too, as autovacuum would have done to years of rows: without a visibility map an
      // index-only count (the dashboard's waiting items) reads the heap row by row. Only this
      // schema's tables: a test database holds other tests' schemas.
      const tables = (await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(db)).rows;
      await sql`VACUUM (ANALYZE) ${sql.join(tables.map((t) => sql.table(t.name)))}`.execute(db);
    } else await sql`ANALYZE`.execute(db);
  });
  return { counts, seconds: (performance.now() - began) / 1000, steps };
}

/**
 * `count` more transfers (pairs as the generator writes them, between its members and accounts,
 * dated now) after the journal's end, with the touched accounts' totals moved by them: the hour of
 * movements the incremental ledger check reads.
 */
export async function appendTransfers(handle: DbHandle, factor: number, count: number): Promise<void> {
  const { db } = handle;
  const { members, depth } = scaleCounts(factor);
  const seqBase = Number((await sql<{ m: number | bigint | null }>`SELECT max(seq) AS m FROM ledger_transfers`.execute(db)).rows[0]?.m ?? 0);
  const memberId = (m: RawBuilder<unknown>) => sql`(CASE WHEN (${m}) < ${lit(depth)} THEN 'c' || (${m}) ELSE 'r' || ((${m}) - ${lit(depth)}) END)`;
  // Each call moves other members than the last (x * 7919 runs through every residue of the
  // member count once), so the incremental check after it reads accounts the one before did not.
  const pairMember = memberId(sql`CASE WHEN p % 50 = 0 THEN 0 ELSE ((p + ${lit(seqBase)}) * 7919) % ${lit(members)} END`);
  const coin = pick(sql`p`, coins);
  const now = Date.now();
  const range =
    handle.dialect === 'postgres'
      ? sql`WITH n(i) AS (SELECT generate_series(0::bigint, ${lit(count / 2 - 1)}::bigint))`
      : sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${lit(count / 2)})`;
  await db.transaction().execute(async (tx) => {
    for (const side of ['credit', 'debit'] as const) {
      const code = pick(sql`p / 3`, side === 'credit' ? creditCodes : debitCodes);
      const amount = side === 'credit' ? sql`1000000 + (p % 1000) * 1000` : sql`1000 + (p % 10) * 1000`;
      const member = sql`'a/' || ${pairMember} || '/' || ${coin}`;
      const system = sql`'s/' || ${coin} || '/' || ${code}`;
      const offset = side === 'credit' ? 1 : 2;
      await sql`${range}, q(p) AS (SELECT i + 7 FROM n)
        INSERT INTO ledger_transfers (id, seq, request_id, request_hash, code, coin_name, amount, debit_account_id, credit_account_id, kind, pending_id, state, memo, created_at)
        SELECT 'tn' || (2 * p + ${lit(offset + seqBase)}), 2 * (p - 7) + ${lit(offset + seqBase)}, NULL, NULL, ${code}, ${coin}, ${amount},
          ${side === 'credit' ? system : member}, ${side === 'credit' ? member : system}, 'posted', NULL, 'final', '', ${lit(now)}
        FROM q`.execute(tx);
    }
    await sql`UPDATE ledger_accounts SET credits_posted = credits_posted + a.s FROM (SELECT credit_account_id AS id, sum(amount) AS s FROM ledger_transfers WHERE seq > ${lit(seqBase)} GROUP BY credit_account_id) a WHERE a.id = ledger_accounts.id`.execute(
      tx,
    );
    await sql`UPDATE ledger_accounts SET debits_posted = debits_posted + a.s FROM (SELECT debit_account_id AS id, sum(amount) AS s FROM ledger_transfers WHERE seq > ${lit(seqBase)} GROUP BY debit_account_id) a WHERE a.id = ledger_accounts.id`.execute(
      tx,
    );
    if (handle.dialect === 'postgres') await sql`SELECT setval('ledger_transfers_seq', (SELECT max(seq) FROM ledger_transfers))`.execute(tx);
  });
}
