import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

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
  infiniteQueryOptions({
    queryKey: ['payouts', 'list', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        'payoutList',
        {
          status: filter.status === '' ? undefined : filter.status,
          channel: filter.channel === '' ? undefined : filter.channel,
          cursor: pageParam ?? undefined,
          pageSize: payoutPageSize,
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: payoutRefetchMs,
  });

export const usePayoutList = (filter: PayoutFilter) => useInfiniteQuery(payoutListQuery(filter));
