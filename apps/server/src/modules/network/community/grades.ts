/**
 * Automatic grades (decision 021): after a purchase, the buyer and every ancestor whose figures
 * changed are checked against the grade rules in force at the purchase's time, in one set-based
 * statement. Grades only go up automatically; a staff override pins a member's grade until staff
 * unpin it. A raised grade can let a parent meet "N direct invites of grade G", so the statement
 * runs again while it raises someone (at most `gradePassesMax` times: one per grade).
 */
import { sql, type RawBuilder } from 'kysely';
import type { GradeRule, GradeRulesAt } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { parseAmount } from '@pp/contract';
import { changedMembers } from './figures.ts';
import { notifyMany } from '../../engagement/notifications/index.ts';

export const gradeMax = 5;
const gradePassesMax = gradeMax + 1;

function minor(text: string): bigint {
  const value = parseAmount(text);
  if (value === null || value < 0n) throw new Error(`grade rule amount is not a non-negative amount: ${text}`);
  return value;
}

/** The condition of one rule over `u` (users) and `f` (member_figures); the cheap column checks first. */
function ruleHolds(rule: GradeRule): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    sql`f.community >= CAST(${minor(rule.minPerformance)} AS bigint)`,
    sql`f.community - f.largest_leg >= CAST(${minor(rule.minSmallZone)} AS bigint)`,
    sql`(SELECT coalesce(sum(h.principal), 0) FROM package_holdings h WHERE h.member_id = u.id AND h.state <> 'expired') >= CAST(${minor(rule.minOwnHolding)} AS bigint)`,
  ];
  if (rule.minDirectOfGrade) {
    parts.push(sql`(SELECT count(*) FROM users d WHERE d.referrer_id = u.id AND d.level >= ${rule.minDirectOfGrade.grade}) >= ${rule.minDirectOfGrade.count}`);
  }
  return sql.join(parts, sql` AND `);
}

/** The highest grade the rules give, as a CASE over the rules from the highest grade down (-99 when none). */
function earnedGrade(rules: GradeRule[]): RawBuilder<unknown> {
  const sorted = [...rules].filter((r) => r.grade >= 1 && r.grade <= gradeMax).sort((a, b) => b.grade - a.grade);
  if (sorted.length === 0) return sql`-99`;
  return sql`CASE ${sql.join(
    sorted.map((r) => sql`WHEN ${ruleHolds(r)} THEN ${r.grade}`),
    sql` `,
  )} ELSE -99 END`;
}

/** Raises the grades the rules now give the buyer and their ancestors; answers how many were raised. */
export async function evaluateGrades(tx: Tx, memberId: string, rules: GradeRule[]): Promise<number> {
  if (rules.length === 0) return 0;
  let raised = 0;
  for (let pass = 0; pass < gradePassesMax; pass++) {
    const result = await sql`${changedMembers(memberId)}
      UPDATE users SET level = earned.grade
      FROM (
        SELECT u.id AS id, ${earnedGrade(rules)} AS grade
        FROM users u JOIN member_figures f ON f.member_id = u.id
        WHERE (u.id = ${memberId} OR u.id IN (SELECT parent FROM chain)) AND f.grade_pinned = 0 AND u.level < ${gradeMax}
      ) AS earned
      WHERE users.id = earned.id AND earned.grade > users.level
      RETURNING users.id AS id, users.level AS level`.execute(tx);
    const n = result.rows.length;
    // Each raise is told to its member (decision 023), in this transaction.
    const raisedRows = result.rows as Array<{ id: string; level: number | bigint }>;
    await notifyMany(
      tx,
      raisedRows.map((r) => ({ memberId: r.id, type: 'gradeChanged' as const, params: { grade: Number(r.level) } })),
    );
    raised += n;
    if (n === 0) break;
  }
  return raised;
}

/** A GradeRulesAt that always answers the same rules (tests). */
export function fixedGradeRules(rules: readonly GradeRule[]): GradeRulesAt<Db | Tx> {
  return async () => [...rules];
}
