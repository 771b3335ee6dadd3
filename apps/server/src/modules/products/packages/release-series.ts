/**
 * A holding's reward released so far at the end of each of the last 30 days (decision 041), for
 * the release chart of /package/:id: the releases paid before the first day's end summed by the
 * database, the later ones (at most 30 days of periods) read one by one, all on the holding's
 * package_releases rows (primary key holding, period). Days run in the community's time zone.
 */
import { sql } from 'kysely';
import { communityMonthTimeZone } from '@pp/contract';
import { formatMinor } from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { dayStarts } from '../../wallet/assets/index.ts';

export const releaseDaysCount = 30;

export async function releaseDays(db: Db, holdingId: string, now: number): Promise<Array<{ day: number; released: string }>> {
  const starts = dayStarts(communityMonthTimeZone, releaseDaysCount, now);
  const firstEnd = starts[1] ?? now;
  const before = await db
    .selectFrom('package_releases')
    .select(sql<string | null>`sum(amount)`.as('total'))
    .where('holding_id', '=', holdingId)
    .where('paid_at', '<', firstEnd)
    .executeTakeFirst();
  const later = await db
    .selectFrom('package_releases')
    .select(['amount', 'paid_at'])
    .where('holding_id', '=', holdingId)
    .where('paid_at', '>=', firstEnd)
    .orderBy('paid_at')
    .execute();
  let total = BigInt(before?.total ?? 0);
  let next = 0;
  return starts.map((day, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]! : Number.POSITIVE_INFINITY;
    while (next < later.length && Number(later[next]!.paid_at) < end) {
      total += BigInt(later[next]!.amount);
      next += 1;
    }
    return { day, released: formatMinor(total) };
  });
}
