/**
 * A member's notifications (decision 023): newest first by (created_at, id) cursor pages, the
 * unread count (kept per member by triggers, decision 058, and shown up to
 * contentLimits.unreadCountMax), and marking one or all read.
 */
import { z } from 'zod';
import { contentLimits, notificationTypes, type NotificationEntry, type NotificationType } from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';

const paramsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** The member's notifications, newest first (decision 052). */
const notificationsPage = newestFirst('notificationList');

export class NotificationService {
  constructor(private readonly db: Db) {}

  async list(
    memberId: string,
    input: { cursor?: string; pageSize: number; isUnreadOnly: boolean },
  ): Promise<{ items: NotificationEntry[]; nextCursor: string | null }> {
    let query = this.db.selectFrom('notifications').select(['id', 'type', 'params', 'is_read', 'created_at']).where('member_id', '=', memberId);
    if (input.isUnreadOnly) query = query.where('is_read', '=', 0);
    const { items: page, nextCursor } = await keysetPage(query, notificationsPage, input.cursor, input.pageSize);
    const items: NotificationEntry[] = [];
    for (const r of page) {
      // A type this version does not know (written by a newer one) is skipped, never a 500.
      if (!(notificationTypes as readonly string[]).includes(r.type)) continue;
      let raw: unknown = {};
      try {
        raw = JSON.parse(r.params);
      } catch {
        raw = {};
      }
      const parsed = paramsSchema.safeParse(raw);
      items.push({
        id: r.id,
        type: r.type as NotificationType,
        params: parsed.success ? parsed.data : {},
        isRead: num(r.is_read) === 1,
        createdAt: num(r.created_at),
      });
    }
    return { items, nextCursor };
  }

  /**
   * The member's unread count, read from the count kept with the notifications (migration 043,
   * decision 058): one row whatever the history. Shown up to contentLimits.unreadCountMax.
   */
  async unreadCount(memberId: string): Promise<number> {
    const row = await this.db.selectFrom('notification_unread').select('unread').where('member_id', '=', memberId).executeTakeFirst();
    return Math.min(Math.max(0, num(row?.unread ?? 0)), contentLimits.unreadCountMax);
  }

  /** Marks one of the member's own notifications read; someone else's is as unknown as none. */
  async markRead(memberId: string, id: string): Promise<void> {
    const row = await this.db.selectFrom('notifications').select('is_read').where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
    if (!row) throw new AppError('notification.notFound');
    if (num(row.is_read) === 1) return;
    await this.db
      .updateTable('notifications')
      .set({ is_read: 1, read_at: Date.now() })
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .where('is_read', '=', 0)
      .execute();
  }

  async markAllRead(memberId: string): Promise<number> {
    const result = await this.db
      .updateTable('notifications')
      .set({ is_read: 1, read_at: Date.now() })
      .where('member_id', '=', memberId)
      .where('is_read', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
