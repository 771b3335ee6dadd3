import type { RequestOf } from '@pp/contract';
import { anyToUndefined, cursorListQuery, useCursorList } from '../../../lib/cursor-list';

export type PayoutStatusFilter = NonNullable<RequestOf<'payoutList'>['status']>;
export type PayoutChannelFilter = NonNullable<RequestOf<'payoutList'>['channel']>;
export interface PayoutFilter {
  /** '' lists every status the endpoint knows (waiting, being paid, paid). */
  status: PayoutStatusFilter | '';
  channel: PayoutChannelFilter | '';
}

export const payoutPageSize = 20;

/** Orders change on their own (the payout job sends and settles), so an open page reads again. */
export const payoutRefetchMs = 15_000;

export const payoutListQuery = (filter: PayoutFilter) =>
  cursorListQuery(
    'payoutList',
    { status: anyToUndefined(filter.status), channel: anyToUndefined(filter.channel) },
    { key: ['payouts', 'list'], pageSize: payoutPageSize, refetchInterval: payoutRefetchMs },
  );

export const usePayoutList = (filter: PayoutFilter) => useCursorList(payoutListQuery(filter));
