import type { RequestOf, ResponseOf } from '@pp/contract';
import { cursorListQuery, useCursorList } from '../../../lib/cursor-list';

export type LedgerCoin = NonNullable<RequestOf<'memberLedger'>['coinName']>;

/** A limit on everything: one page of a member's records. */
export const ledgerPageSize = 20;

/** Balances come with every page; the first page's are the ones shown (the newest). */
export const memberLedgerQuery = (memberId: string, coinName: LedgerCoin | null) =>
  cursorListQuery(
    'memberLedger',
    { memberId, coinName: coinName ?? undefined },
    { key: ['members', 'ledger'], pageSize: ledgerPageSize, nextCursor: ledgerNextCursor },
  );

function ledgerNextCursor(page: ResponseOf<'memberLedger'>): string | null {
  return page.records.nextCursor;
}

const ledgerItems = (page: ResponseOf<'memberLedger'>) => page.records.items;

export const useMemberLedger = (memberId: string, coinName: LedgerCoin | null) => useCursorList(memberLedgerQuery(memberId, coinName), ledgerItems);
