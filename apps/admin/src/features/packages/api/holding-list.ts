import type { HoldingState } from '@pp/contract';
import { anyToUndefined, blankToUndefined, cursorListQuery, useCursorList } from '../../../lib/cursor-list';

export interface HoldingFilter {
  /** A member's user name; '' = every member. */
  userName: string;
  /** '' = every state. */
  state: HoldingState | '';
}

export const holdingPageSize = 20;

export const holdingListQuery = (filter: HoldingFilter) =>
  cursorListQuery(
    'holdingAdminList',
    { userName: blankToUndefined(filter.userName), state: anyToUndefined(filter.state) },
    { key: ['packages', 'holdings'], pageSize: holdingPageSize },
  );

export const useHoldingList = (filter: HoldingFilter) => useCursorList(holdingListQuery(filter));
