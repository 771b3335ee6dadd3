import { blankToUndefined, cursorListQuery, useCursorList } from '../../../lib/cursor-list';

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

export const auditListQuery = (filter: AuditFilter) =>
  cursorListQuery(
    'auditList',
    {
      actor: blankToUndefined(filter.actor),
      action: blankToUndefined(filter.action),
      targetId: blankToUndefined(filter.targetId),
      text: blankToUndefined(filter.text),
      fromMs: filter.fromMs,
      toMs: filter.toMs,
    },
    { key: ['audit', 'list'], pageSize: auditPageSize },
  );

export const useAuditList = (filter: AuditFilter) => useCursorList(auditListQuery(filter));
