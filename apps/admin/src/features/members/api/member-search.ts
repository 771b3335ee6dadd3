import { cursorListQuery, useCursorList } from '../../../lib/cursor-list';

/** A limit on everything: one page of search results. */
export const memberPageSize = 20;

export const memberSearchQuery = (query: string) => cursorListQuery('memberSearch', { query }, { key: ['members', 'search'], pageSize: memberPageSize });

export const useMemberSearch = (query: string) => useCursorList(memberSearchQuery(query));
