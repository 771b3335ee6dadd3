/**
 * Flag rules (decision 026): after the grades of a purchase are evaluated, the buyer and every
 * ancestor whose figures changed are checked against the plan's flag rules in force at the
 * purchase's time. Rules only grant (a flag is never cleared by a rule) and never touch a flag
 * staff pinned. Answers the members granted, per flag, for the caller to audit.
 */
import { sql, type RawBuilder } from 'kysely';
import type { FlagRule, FlagRules } from '@pp/contract';
import type { Tx } from '../../../db/index.ts';
import { parseAmount } from '@pp/contract';
import { changedMembers } from './figures.ts';

export type FlagRulesAt = (at: number, tx: Tx) => Promise<FlagRules>;
export const noFlagRulesAt: FlagRulesAt = async () => ({ protected: null, buyPurchaseCodeStatus: null });

function minor(text: string): bigint {
  const value = parseAmount(text);
  if (value === null || value < 0n) throw new Error(`flag rule amount is not a non-negative amount: ${text}`);
  return value;
}

/** The condition of one rule over `u` (users) and `f` (member_figures); null when the rule sets nothing. */
function ruleHolds(rule: FlagRule): RawBuilder<unknown> | null {
  const parts: RawBuilder<unknown>[] = [];
  if (rule.minGrade !== null) parts.push(sql`u.level >= ${rule.minGrade}`);
  if (rule.minPerformance !== null) parts.push(sql`f.community >= CAST(${minor(rule.minPerformance)} AS bigint)`);
  if (rule.minDirectInvites !== null) parts.push(sql`f.direct_count >= ${rule.minDirectInvites}`);
  if (rule.minOwnHolding !== null) {
    parts.push(
      sql`(SELECT coalesce(sum(h.principal), 0) FROM package_holdings h WHERE h.member_id = u.id AND h.state <> 'expired') >= CAST(${minor(rule.minOwnHolding)} AS bigint)`,
    );
  }
  return parts.length === 0 ? null : sql.join(parts, sql` AND `);
}

const flagColumns = {
  protected: { value: 'is_protected', pinned: 'protected_pinned' },
  buyPurchaseCodeStatus: { value: 'buy_purchase_code_status', pinned: 'buy_purchase_code_pinned' },
} as const;
export type RuleFlag = keyof typeof flagColumns;

/** Sets every flag the rules now grant the buyer and their ancestors; answers who was granted what. */
export async function evaluateFlags(tx: Tx, memberId: string, rules: FlagRules): Promise<Array<{ memberId: string; flag: RuleFlag }>> {
  const granted: Array<{ memberId: string; flag: RuleFlag }> = [];
  for (const flag of Object.keys(flagColumns) as RuleFlag[]) {
    const rule = rules[flag];
    const holds = rule ? ruleHolds(rule) : null;
    if (!holds) continue;
    const col = flagColumns[flag];
    const result = await sql`${changedMembers(memberId)}
      UPDATE users SET ${sql.ref(col.value)} = 1
      WHERE users.id IN (
        SELECT u.id FROM users u JOIN member_figures f ON f.member_id = u.id
        WHERE (u.id = ${memberId} OR u.id IN (SELECT parent FROM chain))
          AND ${sql.ref(`u.${col.value}`)} = 0 AND ${sql.ref(`u.${col.pinned}`)} = 0 AND ${holds}
      )
      RETURNING users.id AS id`.execute(tx);
    for (const row of result.rows as Array<{ id: string }>) granted.push({ memberId: row.id, flag });
  }
  return granted;
}

/**
 * One member's flag against its rule, alone (staff handed a pinned flag back to the rules): sets
 * the flag when the rule holds and the flag is neither set nor pinned. Answers whether it granted.
 */
export async function evaluateMemberFlag(tx: Tx, memberId: string, flag: RuleFlag, rules: FlagRules): Promise<boolean> {
  const rule = rules[flag];
  const holds = rule ? ruleHolds(rule) : null;
  if (!holds) return false;
  const col = flagColumns[flag];
  const result = await sql`UPDATE users SET ${sql.ref(col.value)} = 1
    WHERE users.id IN (
      SELECT u.id FROM users u JOIN member_figures f ON f.member_id = u.id
      WHERE u.id = ${memberId} AND ${sql.ref(`u.${col.value}`)} = 0 AND ${sql.ref(`u.${col.pinned}`)} = 0 AND ${holds}
    )
    RETURNING users.id AS id`.execute(tx);
  return result.rows.length > 0;
}
