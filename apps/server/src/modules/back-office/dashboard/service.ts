/** The back-office's first screen: what waits in each queue, today's money and members, the ledger check. */
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { formatMinor } from '@pp/contract';
import type { ReviewService } from '../../platform/reviews/index.ts';
import { type DayTotalCode } from './verify.ts';
import { dayBoundaries } from './series.ts';

export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly reviews: ReviewService,
  ) {}

  /**
   * Posted USDT moved between two moments by transfers of this code (a held amount counts once
   * posted), read from the journal as the charts read it, over the range of its (code, created_at)
   * index. The day totals kept with the movement (migration 045) are cut at UTC midnight, so
   * they cannot give a day of another zone; one day of one code's movements is a short range.
   */
  private async postedBetween(code: DayTotalCode, from: number, to: number): Promise<bigint> {
    const row = await this.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.sum<bigint | string | null>('amount').as('total'))
      .where('code', '=', code)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('coin_name', '=', 'USDT')
      .where('kind', 'in', ['posted', 'post_pending'])
      .executeTakeFirst();
    return row?.total === null || row?.total === undefined ? 0n : BigInt(row.total);
  }

  /**
   * "Today" is the day of the dashboard's time zone (dashboard.timeZone), the one its charts cut
   * days in, so the card and the charts' last bar count the same hours.
   */
  async summary(timeZone: string, now: number = Date.now()) {
    const [from, to] = dayBoundaries(timeZone, 1, now) as [number, number];
    const [queues, deposits, withdrawals, newMembers, lastCheck] = await Promise.all([
      this.reviews.waitingCounts(),
      this.postedBetween('deposit', from, to),
      this.postedBetween('withdraw', from, to),
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirstOrThrow(),
      this.db.selectFrom('ledger_verifications').selectAll().orderBy('checked_at', 'desc').limit(1).executeTakeFirst(),
    ]);
    return {
      queues,
      today: { deposits: formatMinor(deposits), withdrawals: formatMinor(withdrawals), newMembers: num(newMembers.n) },
      ledger: lastCheck
        ? {
            checkedAt: num(lastCheck.checked_at),
            isBalanced: num(lastCheck.is_balanced) === 1,
            detail: lastCheck.detail,
            // Counts the back-office words in the reader's language; the detail stays for diagnosis.
            accounts: lastCheck.account_count === null ? null : num(lastCheck.account_count),
            transfers: lastCheck.transfer_count === null ? null : num(lastCheck.transfer_count),
            problems: lastCheck.problem_count === null ? null : num(lastCheck.problem_count),
          }
        : null,
    };
  }
}
