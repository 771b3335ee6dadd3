import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewItem } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type ReviewStatus = ReviewItem['status'];
export interface ReviewFilter {
  status: ReviewStatus;
  memberName: string;
}

/** A limit on everything: one page of a queue. */
export const reviewPageSize = 20;

export const reviewListQuery = (queue: string, filter: ReviewFilter) =>
  infiniteQueryOptions({
    queryKey: ['reviews', 'list', queue, filter] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        'reviewList',
        {
          queue,
          status: filter.status,
          memberName: filter.memberName === '' ? undefined : filter.memberName,
          cursor: pageParam ?? undefined,
          pageSize: reviewPageSize,
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useReviewList = (queue: string, filter: ReviewFilter) => useInfiniteQuery(reviewListQuery(queue, filter));
