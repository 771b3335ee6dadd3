import type { ReviewItem, ReviewListStatus } from '@pp/contract';
import { blankToUndefined, cursorListQuery, useCursorList } from '../../../lib/cursor-list';

export type ReviewStatus = ReviewItem['status'];
export interface ReviewFilter {
  /** A status, or every item still to decide ("waiting", what the queue's badge counts). */
  status: ReviewListStatus;
  memberName: string;
}

/** A limit on everything: one page of a queue. */
export const reviewPageSize = 20;

export const reviewListQuery = (queue: string, filter: ReviewFilter) =>
  cursorListQuery(
    'reviewList',
    { queue, status: filter.status, memberName: blankToUndefined(filter.memberName) },
    { key: ['reviews', 'list', queue], pageSize: reviewPageSize },
  );

export const useReviewList = (queue: string, filter: ReviewFilter) => useCursorList(reviewListQuery(queue, filter));
