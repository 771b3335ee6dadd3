/** The back-office's first screen: what waits in each queue, today's money and members, the ledger check. */
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { formatMinor } from '@pp/contract';
import type { ReviewService } from '../reviews/index.ts';
import { dayMs, type DayTotalCode } from './verify.ts';

export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly reviews: ReviewService,
  ) {}

  /**
   * Posted USDT moved on a UTC day by transfers of this code (a held amount counts once posted):
   * the day's stripe rows of `ledger_day_totals`, kept with the movement (migration 045), so the
   * read does not grow with the day's movements.
   */
  private async postedOnDay(code: DayTotalCode, day: number): Promise<bigint> {
    const row = await this.db
      .selectFrom('ledger_day_totals')
      .select((eb) => eb.fn.sum<bigint | string | null>('amount').as('total'))
      .where('day', '=', day)
      .where('code', '=', code)
      .where('coin_name', '=', 'USDT')
      .executeTakeFirst();
    return row?.total === null || row?.total === undefined ? 0n : BigInt(row.total);
  }

  async summary() {
    const today = Math.floor(Date.now() / dayMs);
    const [queues, deposits, withdrawals, newMembers, lastCheck] = await Promise.all([
      this.reviews.waitingCounts(),
      this.postedOnDay('deposit', today),
      this.postedOnDay('withdraw', today),
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .where('created_at', '>=', today * dayMs)
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
