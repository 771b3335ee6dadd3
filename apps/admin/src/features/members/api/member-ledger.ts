import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type LedgerCoin = NonNullable<RequestOf<'memberLedger'>['coinName']>;

/** A limit on everything: one page of a member's records. */
export const ledgerPageSize = 20;

/** Balances come with every page; the first page's are the ones shown (the newest). */
export const memberLedgerQuery = (memberId: string, coinName: LedgerCoin | null) =>
  infiniteQueryOptions({
    queryKey: ['members', 'ledger', memberId, coinName] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall('memberLedger', { memberId, coinName: coinName ?? undefined, cursor: pageParam ?? undefined, pageSize: ledgerPageSize }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.records.nextCursor,
  });

export const useMemberLedger = (memberId: string, coinName: LedgerCoin | null) => useInfiniteQuery(memberLedgerQuery(memberId, coinName));
