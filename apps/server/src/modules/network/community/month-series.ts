/**
 * The member's own performance of the last twelve months (decision 041): one range read on
 * member_month_figures' primary key (member, month), the months without a row as zero.
 */
import { communityMonthTimeZone, monthFiguresCount, monthKeyOf, previousMonthKey, type MonthFigures } from '@pp/contract';
import { formatMinor } from '@pp/contract';
import { num, type Db } from '../../../db/index.ts';

export async function monthFigures(db: Db, memberId: string, now: number): Promise<MonthFigures> {
  const keys = [monthKeyOf(now)];
  while (keys.length < monthFiguresCount) keys.unshift(previousMonthKey(keys[0]!));
  const rows = await db
    .selectFrom('member_month_figures')
    .select(['month', 'personal', 'community'])
    .where('member_id', '=', memberId)
    .where('month', '>=', keys[0]!)
    .where('month', '<=', keys.at(-1)!)
    .execute();
  const byMonth = new Map(rows.map((r) => [num(r.month), r]));
  return {
    monthTimeZone: communityMonthTimeZone,
    months: keys.map((month) => {
      const row = byMonth.get(month);
      return { month, personal: formatMinor(BigInt(row?.personal ?? 0n)), community: formatMinor(BigInt(row?.community ?? 0n)) };
    }),
  };
}
