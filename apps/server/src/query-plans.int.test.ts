/**
 * No request scans a large table, so cost stays flat with history (decision 046). Every statement the member's first-load
 * calls and the staff's lists, searches and dashboard issue is captured through Kysely's log on
 * data shaped like production (bench/scale/generate.ts at a small factor, then ANALYZE), and run
 * again under EXPLAIN QUERY PLAN (SQLite) or EXPLAIN (PostgreSQL, with enable_seqscan off so a
 * small table's cheap sequential scan does not hide a missing index: what still scans has no index
 * that could serve it). A full scan of a table that grows with members or history fails the test:
 * on SQLite `SCAN <table>` without an index, or a walk of a whole index (`SCAN <table> USING
 * INDEX`) unless it gives a LIMITed statement its order without a sort of its own; on PostgreSQL
 * `Seq Scan on <table>`.
 *
 * A walk bounded by LIMIT is a full scan too when the call's filter is rare (`rare` in calls.ts,
 * decision 048): a status the member has never had, a name that is not there. On PostgreSQL such a
 * call's selects also run under EXPLAIN ANALYZE, and a large table's rows read and then removed by
 * a filter (more than `rareRowsRemovedMax`) fail it: the walk that LIMIT does not bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type LogEvent } from 'kysely';
import { generateScale, longHistoryMember } from '../../../bench/scale/generate.ts';
import { scaleCalls } from '../../../bench/scale/calls.ts';
import { encodeCursor } from './db/keyset.ts';
import { recordsKeyset } from './modules/wallet/records/index.ts';
import { dialects, makeTestApp, staffClient, TestClient, type TestApp } from '../test/helper.ts';

/** Tables that grow with members or with history: never read by a full scan on a request. */
export const largeTables = new Set([
  'users',
  'sessions',
  'login_history',
  'member_recovery_codes',
  'email_codes',
  'mail_outbox',
  'uploads',
  'ledger_accounts',
  'ledger_transfers',
  'member_transfers',
  'exchanges',
  'withdrawals',
  'bank_deposits',
  'chain_deposits',
  'chain_addresses',
  'review_items',
  'review_decisions',
  'notifications',
  'notification_unread',
  'audit_log',
  'ledger_verifications',
  'job_runs',
  'package_holdings',
  'package_holding_principals',
  'package_holding_events',
  'package_releases',
  // The request log of every keyed write (db/once.ts), read only by its primary key.
  'request_log',
  'package_activation_codes',
  'package_claims',
  'package_member_units',
  'jackpot_entries',
  'member_figures',
  'member_month_figures',
  'plan_bonus_lines',
  'scarce_purchases',
  'scarce_sale_members',
  'scarce_permits',
  'equity_records',
  'support_conversations',
  'support_messages',
  'member_bank_accounts',
  'member_withdrawal_addresses',
  'payout_destination_changes',
  'revenue_totals',
  'ledger_day_totals',
]);

/** Rows of a large table a rare call's statement may read and filter out (PostgreSQL, decision 048). */
export const rareRowsRemovedMax = 20;

interface Captured {
  call: string;
  rare: boolean;
  sql: string;
  parameters: readonly unknown[];
}

/** The full scans of large tables in one statement's plan, as "table: plan line". */
export function fullScans(dialect: 'sqlite' | 'postgres', statement: string, planLines: string[], rare = false): string[] {
  // Kysely writes `"table" as "alias"`: a plan names the alias.
  const aliases = new Map<string, string>();
  for (const m of statement.matchAll(/"(\w+)" as "(\w+)"/g)) aliases.set(m[2]!, m[1]!);
  // A walk of a whole index is a full scan too, unless it gives a LIMITed statement its order
  // (it stops after the page): no LIMIT, or a sort of its own, and it reads every entry.
  // A rare filter's walk is not bounded by its LIMIT: the page fills late or never.
  const walkIsBounded = !rare && /\blimit\b/i.test(statement) && !planLines.some((l) => l.includes('USE TEMP B-TREE FOR ORDER BY'));
  const found: string[] = [];
  if (dialect === 'sqlite') found.push(...sortsAndTimeWalks(statement, planLines, aliases));
  for (const line of planLines) {
    // A skip-scan (`ANY(column)` before the searched one) walks every distinct leading value.
    const match =
      dialect === 'sqlite'
        ? (/^SCAN (\w+)( USING (COVERING )?INDEX \w+)?$/.exec(line.trim()) ?? /^SEARCH (\w+) USING (?:COVERING )?INDEX \w+ \(ANY\(/.exec(line.trim()))
        : /Seq Scan on (\w+)/.exec(line);
    if (!match || (match[2] && walkIsBounded)) continue;
    const table = aliases.get(match[1]!) ?? match[1]!;
    if (largeTables.has(table)) found.push(`${table}: ${line.trim()}`);
  }
  return found;
}

/** The time column of each large table a request filters by a time range. */
export const timeColumns: Record<string, string> = { ledger_transfers: 'created_at', audit_log: 'at', notifications: 'created_at' };

/**
 * Two walks a LIMIT does not bound, on SQLite:
 * - a LIMITed page sorted in a temp B-tree after a search of a large table by equalities alone:
 *   every row of the group (a member's whole history) is read and sorted for one page;
 * - a time range on a large table that its search does not use: the walk reads the rows between
 *   now and the range before the first one of the page (a month a year back: the whole year since).
 */
function sortsAndTimeWalks(statement: string, planLines: string[], aliases: Map<string, string>): string[] {
  const found: string[] = [];
  const isLimited = /\blimit\b/i.test(statement);
  const sorts = planLines.some((l) => l.trim() === 'USE TEMP B-TREE FOR ORDER BY');
  for (const line of planLines) {
    const match = /^(SEARCH|SCAN) (\w+)(?: USING (?:COVERING )?INDEX \w+)?(?: \((.*)\))?$/.exec(line.trim());
    if (!match) continue;
    const table = aliases.get(match[2]!) ?? match[2]!;
    if (!largeTables.has(table)) continue;
    const constraints = match[3] ?? '';
    if (isLimited && sorts && match[1] === 'SEARCH' && !/[<>]/.test(constraints)) found.push(`${table}: ${line.trim()} sorted in a temp B-tree for a page`);
    const time = timeColumns[table];
    if (time && new RegExp(`"${time}" (>=|<=|>|<) `).test(statement) && !new RegExp(`\\b${time}[<>]`).test(constraints))
      found.push(`${table}: ${line.trim()} walks to a time range (${time}) its search does not use`);
  }
  return found;
}

interface PlanNode {
  'Relation Name'?: string;
  Alias?: string;
  'Node Type'?: string;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The large tables whose rows a PostgreSQL plan (EXPLAIN ANALYZE, JSON) read and filtered out, beyond `max`. */
export function rowsFilteredOut(plan: PlanNode, max = rareRowsRemovedMax): string[] {
  const found: string[] = [];
  const visit = (node: PlanNode) => {
    const table = node['Relation Name'];
    const removed = ((node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1);
    if (table && largeTables.has(table) && removed > max) found.push(`${table}: ${node['Node Type']} read ${removed} rows its filter removed`);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return found;
}

describe.each(dialects)('query plans on %s', (dialect) => {
  let t: TestApp;
  const captured: Captured[] = [];
  let current: string | null = null;
  let currentIsRare = false;
  const queryLog = (event: LogEvent) => {
    if (current !== null && event.level === 'query')
      captured.push({ call: current, rare: currentIsRare, sql: event.query.sql, parameters: event.query.parameters });
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { queryLog });
    await generateScale(t.services.dbHandle, 0.001);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('runs every member and staff list call without a full scan of a large table', async () => {
    const db = t.services.dbHandle.db;
    const member = new TestClient(t.app, t.serverKey.publicJwk);
    const fakeRequest = { ip: '127.0.0.1', headers: {} } as Parameters<typeof t.services.sessions.create>[2];
    member.token = (await t.services.sessions.create(longHistoryMember, 'USER', fakeRequest)).token;
    const staff = await staffClient(t, 'admin', 'Admin@12345');
    const mid = await db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.max('seq').as('m'))
      .executeTakeFirstOrThrow();
    const calls = scaleCalls({
      deepRecordsCursor: encodeCursor(recordsKeyset, [Math.floor(Number(mid.m) / 2)]),
      memberId: longHistoryMember,
      memberName: 'memberc0',
      memberEmail: 'c0@scale.example',
      memberNumber: 'Rc0',
    });
    const refused: string[] = [];
    for (const call of calls) {
      current = call.label;
      currentIsRare = call.rare === true;
      const result = await (call.who === 'member' ? member : staff).call(call.name, call.body);
      current = null;
      if (result.code !== 20000) refused.push(`${call.label}: ${result.code} ${result.error ?? result.message}`);
    }
    expect(refused).toEqual([]);

    const seen = new Set<string>();
    const problems: string[] = [];
    let explained = 0;
    await db.connection().execute(async (c) => {
      if (dialect === 'postgres') await sql`SET enable_seqscan = off`.execute(c);
      for (const q of captured) {
        if (!/^\s*(select|with|update|delete)\b/i.test(q.sql)) continue;
        // A statement is explained once, and once more for a rare call (its rows differ).
        const key = `${q.rare ? 'rare ' : ''}${q.sql}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
        const rows = (await c.executeQuery(CompiledQuery.raw(explain + q.sql, [...q.parameters]))).rows as Array<Record<string, unknown>>;
        const lines = rows.map((r) => String(dialect === 'sqlite' ? r.detail : r['QUERY PLAN']));
        explained++;
        for (const scan of fullScans(dialect, q.sql, lines, q.rare)) problems.push(`${q.call} → ${scan}\n    ${q.sql}`);
        if (dialect === 'postgres' && q.rare && /^\s*(select|with)\b/i.test(q.sql)) {
          const analyzed = (await c.executeQuery(CompiledQuery.raw('EXPLAIN (ANALYZE, FORMAT JSON) ' + q.sql, [...q.parameters]))).rows as Array<
            Record<string, unknown>
          >;
          const raw = analyzed[0]?.['QUERY PLAN'];
          const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
          for (const walk of rowsFilteredOut(plan[0]!.Plan)) problems.push(`${q.call} → ${walk}\n    ${q.sql}`);
        }
      }
      if (dialect === 'postgres') await sql`RESET enable_seqscan`.execute(c);
    });
    expect(explained).toBeGreaterThan(40);
    expect(problems, `full scans of large tables:\n${problems.join('\n')}`).toEqual([]);
  }, 180_000);
});
