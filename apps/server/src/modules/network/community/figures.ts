/**
 * Keeping the community figures current (decision 021). A purchase or a registration changes the
 * figures of the member and of every ancestor; each change is a handful of set-based statements
 * over the ancestor chain, run in the caller's transaction, so a read is one primary-key lookup
 * and never a sum over the tree.
 *
 * The ancestor chain is walked by `referrer_id` with a recursive CTE (one primary-key step per
 * level; no 10,000-element list passes through JavaScript). Each chain row is (child, parent):
 * the parent is an ancestor and the child is the leg of the parent's tree the change came up by.
 */
import { sql, type RawBuilder } from 'kysely';
import { monthKeyOf } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';

/** The deepest chain walked: far beyond any real community, it only guards against a broken tree. */
export const ancestorDepthMax = 1_000_000;

/** `WITH RECURSIVE chain(child, parent, depth)` from a member up to the root. */
function chainFrom(memberId: string): RawBuilder<unknown> {
  return sql`WITH RECURSIVE chain(child, parent, depth) AS (
      SELECT id, referrer_id, 1 FROM users WHERE id = ${memberId} AND referrer_id IS NOT NULL
      UNION ALL
      SELECT u.id, u.referrer_id, chain.depth + 1 FROM users u JOIN chain ON u.id = chain.parent
      WHERE u.referrer_id IS NOT NULL AND chain.depth < ${ancestorDepthMax}
    )`;
}

/** A new member's row, and one more in every ancestor's team (and one more direct invite for the referrer). */
export async function recordNewMember(tx: Tx | Db, memberId: string, referrerId: string | null, at: number): Promise<void> {
  await tx
    .insertInto('member_figures')
    .values({ member_id: memberId, personal: 0n, community: 0n, largest_leg: 0n, team_size: 0n, direct_count: 0n, grade_pinned: 0, updated_at: at })
    .execute();
  if (referrerId === null) return;
  await sql`${chainFrom(memberId)}
    UPDATE member_figures SET team_size = team_size + 1, updated_at = CAST(${at} AS bigint)
    WHERE member_id IN (SELECT parent FROM chain)`.execute(tx);
  await tx
    .updateTable('member_figures')
    .set((eb) => ({ direct_count: eb('direct_count', '+', 1n) }))
    .where('member_id', '=', referrerId)
    .execute();
}

/**
 * A purchase of `amount` minor units by `memberId` at `at`: the member's personal figure and
 * month, every ancestor's community figure and month, and each ancestor's largest leg. Amounts
 * only grow, so an ancestor's largest leg is the larger of what it was and the new total of the
 * leg the purchase came up by.
 */
export async function recordPurchase(tx: Tx, memberId: string, amount: bigint, at: number): Promise<void> {
  if (amount <= 0n) return;
  const month = monthKeyOf(at);
  // One statement for every ancestor: community up by the amount, and the largest leg up to the
  // new total of the leg the purchase came by. The leg's total is read from the statement's
  // starting rows (old personal + old community + amount), never from a row this statement changed.
  await sql`${chainFrom(memberId)}
    UPDATE member_figures SET
      community = community + CAST(${amount} AS bigint),
      largest_leg = CASE WHEN largest_leg < leg.total THEN leg.total ELSE largest_leg END,
      updated_at = CAST(${at} AS bigint)
    FROM (SELECT chain.parent AS id, f.personal + f.community + CAST(${amount} AS bigint) AS total FROM chain JOIN member_figures f ON f.member_id = chain.child) AS leg
    WHERE member_figures.member_id = leg.id`.execute(tx);
  await tx
    .updateTable('member_figures')
    .set((eb) => ({ personal: eb('personal', '+', amount), updated_at: at }))
    .where('member_id', '=', memberId)
    .execute();
  await sql`${chainFrom(memberId)}
    INSERT INTO member_month_figures (member_id, month, personal, community)
    SELECT parent, CAST(${month} AS integer), CAST(0 AS bigint), CAST(${amount} AS bigint) FROM chain WHERE 1 = 1
    ON CONFLICT (member_id, month) DO UPDATE SET community = member_month_figures.community + excluded.community`.execute(tx);
  await sql`INSERT INTO member_month_figures (member_id, month, personal, community)
    VALUES (${memberId}, CAST(${month} AS integer), CAST(${amount} AS bigint), CAST(0 AS bigint))
    ON CONFLICT (member_id, month) DO UPDATE SET personal = member_month_figures.personal + excluded.personal`.execute(tx);
}

/** The ids a purchase changed the figures of: the buyer and every ancestor (for grade evaluation). */
export function changedMembers(memberId: string): RawBuilder<unknown> {
  return sql`${chainFrom(memberId)}`;
}
