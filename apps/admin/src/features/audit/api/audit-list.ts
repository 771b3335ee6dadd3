import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export interface AuditFilter {
  actor: string;
  action: string;
  targetId: string;
  text: string;
  fromMs?: number;
  toMs?: number;
}

/** A limit on everything: one page of the audit log. */
export const auditPageSize = 30;

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

export const auditListQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['audit', 'list', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        'auditList',
        {
          actor: orUndefined(filter.actor),
          action: orUndefined(filter.action),
          targetId: orUndefined(filter.targetId),
          text: orUndefined(filter.text),
          fromMs: filter.fromMs,
          toMs: filter.toMs,
          cursor: pageParam ?? undefined,
          pageSize: auditPageSize,
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useAuditList = (filter: AuditFilter) => useInfiniteQuery(auditListQuery(filter));
