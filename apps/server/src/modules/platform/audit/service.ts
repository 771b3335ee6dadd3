/**
 * The audit trail: who, when, what, before, after and why, for every staff action that changes
 * anything. Rows are written in the same transaction as the change; the table refuses updates
 * and deletes (database triggers), so the trail is append-only.
 */
import crypto from 'node:crypto';
import type { AuditAction, AuditEntry } from '@pp/contract';
import type { Db, Dialect, Tx } from '../../../db/index.ts';
import { likeLiteral, nextSeq, num } from '../../../db/index.ts';
import { cursorAfter, decodeCursor, keysetCondition, type Keyset } from '../../../db/keyset.ts';

export interface Actor {
  id: string;
  name: string;
  ip: string;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  targetId?: string;
  text?: string;
  fromMs?: number;
  toMs?: number;
  cursor?: string;
  pageSize: number;
}

/** How many rows of the log one text-filtered request looks at, at most (decision 048). */
export const auditTextWindow = 2_000;

/** The log's keyset: newest first by seq; the cursor is the shared paging helper's (db/keyset.ts), the text window's edge included. */
const auditKeyset: Keyset = { list: 'audit', keys: [{ column: 'seq', kind: 'int' }] };

/**
 * The log of a time range: newest first by time, then seq, a seek into the (at, seq)
 * index of migration 038 that stops after the page. In seq order a month a year back walked the
 * whole year since (170 ms p50 at 1,000,000 audit rows). Its cursors are a list of their own.
 */
const auditByTimeKeyset: Keyset = {
  list: 'audit-by-time',
  keys: [
    { column: 'at', kind: 'int' },
    { column: 'seq', kind: 'int' },
  ],
};

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  async record(
    tx: Tx,
    actor: Actor,
    entry: { action: AuditAction; targetType: string; targetId: string; before: unknown; after: unknown; reason: string },
  ): Promise<void> {
    await tx
      .insertInto('audit_log')
      .values({
        id: crypto.randomUUID(),
        seq: nextSeq(this.dialect, 'audit_log'),
        at: Date.now(),
        actor_id: actor.id,
        actor_name: actor.name,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        before_json: JSON.stringify(entry.before ?? null),
        after_json: JSON.stringify(entry.after ?? null),
        reason: entry.reason,
        ip: actor.ip,
      })
      .execute();
  }

  /**
   * Newest first, keyset-paged on seq. Every filter but the text is an index range (action,
   * target, actor: decision 048). The text filter is a substring of the reason, the target or the
   * JSON before and after, which no index of both databases serves: it looks at most
   * `auditTextWindow` rows of the other filters' range a request (decision 048), so a page may hold
   * fewer entries than asked, and its cursor says where the next request goes on looking.
   */
  async list(filter: AuditFilter): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
    const isByTime = filter.fromMs !== undefined || filter.toMs !== undefined;
    const keyset = isByTime ? auditByTimeKeyset : auditKeyset;
    const after = decodeCursor(keyset, filter.cursor);
    let range = this.db.selectFrom('audit_log');
    if (filter.actor) range = range.where('actor_name', '=', filter.actor);
    if (filter.action) range = range.where('action', '=', filter.action);
    if (filter.targetId) range = range.where('target_id', '=', filter.targetId);
    if (filter.fromMs !== undefined) range = range.where('at', '>=', filter.fromMs);
    if (filter.toMs !== undefined) range = range.where('at', '<=', filter.toMs);
    if (after) range = range.where(keysetCondition(keyset, after));
    let rows;
    let windowEnd: string | null = null;
    if (filter.text) {
      const text = filter.text;
      const window = (isByTime ? range.select('seq').orderBy('at', 'desc') : range.select('seq')).orderBy('seq', 'desc').limit(auditTextWindow);
      const matching = this.db
        .selectFrom('audit_log')
        .selectAll()
        .where('seq', 'in', window)
        .where((eb) => eb.or(['reason', 'before_json', 'after_json', 'target_id'].map((column) => likeLiteral(column, text, 'anywhere'))));
      rows = await (isByTime ? matching.orderBy('at', 'desc') : matching)
        .orderBy('seq', 'desc')
        .limit(filter.pageSize + 1)
        .execute();
      if (rows.length <= filter.pageSize) {
        // The last row the window looked at, if it was full: older rows are still to be searched.
        const edge = await (isByTime ? range.select(['at', 'seq']).orderBy('at', 'desc') : range.select(['at', 'seq']))
          .orderBy('seq', 'desc')
          .limit(1)
          .offset(auditTextWindow - 1)
          .executeTakeFirst();
        windowEnd = edge ? cursorAfter(keyset, edge) : null;
      }
    } else {
      rows = await (isByTime ? range.selectAll().orderBy('at', 'desc') : range.selectAll())
        .orderBy('seq', 'desc')
        .limit(filter.pageSize + 1)
        .execute();
    }
    const page = rows.slice(0, filter.pageSize);
    return {
      items: page.map((r) => ({
        id: r.id,
        at: num(r.at),
        actorId: r.actor_id,
        actorName: r.actor_name,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        before: parse(r.before_json),
        after: parse(r.after_json),
        reason: r.reason,
        ip: r.ip,
      })),
      nextCursor: rows.length > filter.pageSize ? cursorAfter(keyset, page[page.length - 1]!) : windowEnd,
    };
  }

  async forTarget(action: string, targetId: string): Promise<AuditEntry[]> {
    return (await this.list({ action, targetId, pageSize: 100 })).items;
  }
}
