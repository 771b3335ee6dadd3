/**
 * The audit trail: who, when, what, before, after and why, for every staff action that changes
 * anything. Rows are written in the same transaction as the change; the table refuses updates
 * and deletes (database triggers), so the trail is append-only.
 */
import crypto from 'node:crypto';
import type { AuditAction, AuditEntry } from '@pp/contract';
import type { Db, Dialect, Tx } from '../../db/index.ts';
import { likeLiteral, nextSeq, num } from '../../db/index.ts';
import { cursorNumber } from '../../db/keyset.ts';

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

  /** Newest first, keyset-paged on seq. */
  async list(filter: AuditFilter): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
    let query = this.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(filter.pageSize + 1);
    if (filter.actor) query = query.where('actor_name', '=', filter.actor);
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
    if (filter.fromMs !== undefined) query = query.where('at', '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where('at', '<=', filter.toMs);
    if (filter.text) {
      const text = filter.text;
      query = query.where((eb) =>
        eb.or(['reason', 'before_json', 'after_json', 'target_id'].map((column) => likeLiteral(column, text, 'anywhere'))),
      );
    }
    if (filter.cursor && /^\d+$/.test(filter.cursor)) query = query.where('seq', '<', cursorNumber(filter.cursor));
    const rows = await query.execute();
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
      nextCursor: rows.length > filter.pageSize ? String(page[page.length - 1]!.seq) : null,
    };
  }

  async forTarget(action: string, targetId: string): Promise<AuditEntry[]> {
    return (await this.list({ action, targetId, pageSize: 100 })).items;
  }
}
