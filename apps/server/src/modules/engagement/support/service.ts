/**
 * Live support chat (decision 024): one conversation per member, messages kept in the database,
 * unread counters moved in the same transaction as the message, assignment to a staff member
 * (audited). Every change publishes "conversation X changed" on the pub/sub; the sockets of every
 * process pass it on to the member and to staff, who then fetch through sealed calls.
 */
import crypto from 'node:crypto';
import { roleCan, supportLimits, type StaffRole, type SupportMessage } from '@pp/contract';
import { sql } from 'kysely';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { decodeCursor, keysetPage, newestFirst, type Keyset } from '../../../db/keyset.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';
import { reserveHit } from '../../../plugins/rate-limit.ts';
import type { Actor, AuditService } from '../../platform/audit/index.ts';
import type { UploadService } from '../../platform/uploads/index.ts';
import type { SupportPubSub } from './pubsub.ts';

const minuteMs = 60_000;
const imageTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Text as typed, without control characters other than line breaks and tabs; rendered as text, never HTML. */
export function cleanMessage(text: string): string {
  return [...text]
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return code === 0x0a || code === 0x09 || (code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code < 0xa0));
    })
    .join('')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .slice(0, supportLimits.messageCharsMax);
}

function preview(body: string, hasImage: boolean): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line ? line.slice(0, 80) : hasImage ? '[image]' : '';
}

/** A conversation's messages, read newest first from the cursor of the oldest shown (decision 052). */
const messagesPage: Keyset = { ...newestFirst('supportThread', 'm.created_at', 'm.id'), field: 'before' };
/** Staff's inbox, the conversation with the latest message first. */
const inboxPage = newestFirst('supportInbox', 'last_message_at');

type ConversationRow = {
  id: string;
  member_id: string;
  assigned_staff_id: string | null;
  member_unread: unknown;
  staff_unread: unknown;
  last_message_at: unknown;
  last_message_preview: string;
};

export class SupportService {
  constructor(
    private readonly db: Db,
    private readonly uploads: UploadService,
    private readonly audit: AuditService,
    readonly pubsub: SupportPubSub,
    private readonly now: () => number = Date.now,
  ) {
    // A chat attachment is kept with its message (decisions 024, 054).
    uploads.registerReference({ name: 'support.attachments', table: 'support_messages', columns: ['upload_id'] });
  }

  private async publish(conversationId: string, memberId: string): Promise<void> {
    try {
      await this.pubsub.publish({ conversationId, memberId });
    } catch {
      // The message is stored; clients also refetch when their socket reconnects.
    }
  }

  private conversationOf(memberId: string, db: Db | Tx = this.db) {
    return db.selectFrom('support_conversations').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  }

  private async messages(conversationId: string, before: string | undefined): Promise<{ messages: SupportMessage[]; olderCursor: string | null }> {
    const query = this.db
      .selectFrom('support_messages as m')
      .leftJoin('uploads as u', 'u.id', 'm.upload_id')
      .leftJoin('staff as s', 's.id', 'm.staff_id')
      .select([
        'm.id',
        'm.author',
        'm.body',
        'm.created_at',
        's.user_name as staff_name',
        'u.id as u_id',
        'u.mime_type',
        'u.byte_size',
        'u.width',
        'u.height',
        'u.file_name',
        'u.created_at as u_created_at',
      ])
      .where('m.conversation_id', '=', conversationId);
    const { items: page, nextCursor } = await keysetPage(query, messagesPage, before, supportLimits.pageSizeMax);
    return {
      messages: page.reverse().map((r) => ({
        id: r.id,
        author: r.author as SupportMessage['author'],
        staffName: r.author === 'staff' ? (r.staff_name ?? null) : null,
        body: r.body,
        attachment: r.u_id
          ? this.uploads.info({
              id: r.u_id,
              mime_type: r.mime_type!,
              byte_size: r.byte_size!,
              width: r.width ?? null,
              height: r.height ?? null,
              file_name: r.file_name!,
              created_at: r.u_created_at!,
            })
          : null,
        createdAt: num(r.created_at),
      })),
      olderCursor: nextCursor,
    };
  }

  // Members.

  async memberThread(memberId: string, before?: string) {
    decodeCursor(messagesPage, before);
    const conversation = await this.conversationOf(memberId);
    if (!conversation) return { conversationId: null, messages: [], olderCursor: null, unread: 0 };
    return { conversationId: conversation.id, ...(await this.messages(conversation.id, before)), unread: num(conversation.member_unread) };
  }

  async memberUnread(memberId: string): Promise<number> {
    const row = await this.conversationOf(memberId);
    return row ? num(row.member_unread) : 0;
  }

  async memberRead(memberId: string): Promise<void> {
    const row = await this.conversationOf(memberId);
    if (!row || num(row.member_unread) === 0) return;
    await this.db.updateTable('support_conversations').set({ member_unread: 0n }).where('id', '=', row.id).execute();
    await this.publish(row.id, memberId);
  }

  async memberSend(memberId: string, input: { requestId: string; body: string; uploadId?: string }) {
    const body = cleanMessage(input.body);
    if (!body && !input.uploadId) throw new AppError('request.invalid', undefined, 'body', 'validation.enterMessage');
    const upload = input.uploadId ? await this.uploads.ownedBy(input.uploadId, memberId) : null;
    if (upload && !imageTypes.has(upload.mime_type)) throw new AppError('support.notImage');
    const conversationId = await this.ensureConversation(memberId);
    const existing = await this.byRequest(conversationId, 'member', input.requestId, { body, uploadId: upload?.id ?? null });
    if (existing) return { conversationId, message: existing };
    // Counted in the database, so every process sees the same allowance.
    const reservation = await reserveHit(this.db, `support:${memberId}`, minuteMs, supportLimits.memberMessagesPerMinuteMax, this.now());
    if (!reservation.isReserved) throw new AppError('rate.limited', { seconds: Math.max(1, Math.ceil((reservation.resetsAt - this.now()) / 1000)) });
    const message = await this.insert(conversationId, { author: 'member', staffId: null, body, uploadId: upload?.id ?? null, requestId: input.requestId });
    await this.publish(conversationId, memberId);
    return { conversationId, message };
  }

  private async ensureConversation(memberId: string): Promise<string> {
    const found = await this.conversationOf(memberId);
    if (found) return found.id;
    const now = this.now();
    await this.db
      .insertInto('support_conversations')
      .values({
        id: crypto.randomUUID(),
        member_id: memberId,
        assigned_staff_id: null,
        member_unread: 0n,
        staff_unread: 0n,
        last_message_at: BigInt(now),
        last_message_preview: '',
        created_at: BigInt(now),
      })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
    return (await this.conversationOf(memberId))!.id;
  }

  /**
   * The message already stored under this request id, if any. Another text or image under the same
   * id is not a retry but a client bug: answering it with the first message would tell the sender
   * their new message was sent while it was dropped, so it is refused as every keyed write refuses
   * a reused id.
   */
  private async byRequest(
    conversationId: string,
    author: 'member' | 'staff',
    requestId: string,
    sent: { body: string; uploadId: string | null },
  ): Promise<SupportMessage | null> {
    const row = await this.db
      .selectFrom('support_messages')
      .select(['id', 'body', 'upload_id'])
      .where('conversation_id', '=', conversationId)
      .where('author', '=', author)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.body !== sent.body || (row.upload_id ?? null) !== sent.uploadId) throw new AppError('ledger.requestIdReused');
    return this.messageById(conversationId, row.id);
  }

  private async messageById(conversationId: string, id: string): Promise<SupportMessage> {
    const row = await this.db
      .selectFrom('support_messages as m')
      .leftJoin('staff as s', 's.id', 'm.staff_id')
      .select(['m.id', 'm.author', 'm.body', 'm.created_at', 'm.upload_id', 's.user_name as staff_name'])
      .where('m.conversation_id', '=', conversationId)
      .where('m.id', '=', id)
      .executeTakeFirstOrThrow();
    const upload = row.upload_id ? await this.uploads.row(row.upload_id) : undefined;
    return {
      id: row.id,
      author: row.author as SupportMessage['author'],
      staffName: row.author === 'staff' ? (row.staff_name ?? null) : null,
      body: row.body,
      attachment: upload ? this.uploads.info(upload) : null,
      createdAt: num(row.created_at),
    };
  }

  private async insert(
    conversationId: string,
    m: { author: 'member' | 'staff'; staffId: string | null; body: string; uploadId: string | null; requestId: string },
  ): Promise<SupportMessage> {
    const id = crypto.randomUUID();
    const now = this.now();
    try {
      await inTransaction(this.db, async (tx) => {
        await tx
          .insertInto('support_messages')
          .values({
            id,
            conversation_id: conversationId,
            author: m.author,
            staff_id: m.staffId,
            body: m.body,
            upload_id: m.uploadId,
            request_id: m.requestId,
            created_at: BigInt(now),
          })
          .execute();
        // A member's message is unread for staff; a staff reply is unread for the member and
        // means staff have read the conversation.
        await tx
          .updateTable('support_conversations')
          .set(
            m.author === 'member'
              ? { staff_unread: sql`staff_unread + 1`, last_message_at: BigInt(now), last_message_preview: preview(m.body, m.uploadId !== null) }
              : {
                  member_unread: sql`member_unread + 1`,
                  staff_unread: 0n,
                  last_message_at: BigInt(now),
                  last_message_preview: preview(m.body, m.uploadId !== null),
                },
          )
          .where('id', '=', conversationId)
          .execute();
      });
    } catch (error) {
      // The same request sent twice at once: the unique key kept one; answer with it.
      const existing = await this.byRequest(conversationId, m.author, m.requestId, m);
      if (existing) return existing;
      throw error;
    }
    return this.messageById(conversationId, id);
  }

  // Staff.

  private async conversationById(conversationId: string): Promise<ConversationRow> {
    const row = await this.db.selectFrom('support_conversations').selectAll().where('id', '=', conversationId).executeTakeFirst();
    if (!row) throw new AppError('support.notFound');
    return row;
  }

  private async entries(rows: ConversationRow[]) {
    const memberIds = [...new Set(rows.map((r) => r.member_id))];
    const staffIds = [...new Set(rows.map((r) => r.assigned_staff_id).filter((v): v is string => v !== null))];
    const members = memberIds.length ? await this.db.selectFrom('users').select(['id', 'user_name']).where('id', 'in', memberIds).execute() : [];
    const staff = staffIds.length ? await this.db.selectFrom('staff').select(['id', 'user_name']).where('id', 'in', staffIds).execute() : [];
    const memberName = new Map(members.map((m) => [m.id, m.user_name]));
    const staffName = new Map(staff.map((m) => [m.id, m.user_name]));
    return rows.map((r) => ({
      id: r.id,
      memberUserName: memberName.get(r.member_id) ?? '',
      assignedStaffId: r.assigned_staff_id,
      assignedStaffName: r.assigned_staff_id ? (staffName.get(r.assigned_staff_id) ?? null) : null,
      staffUnread: num(r.staff_unread as bigint),
      lastMessageAt: num(r.last_message_at as bigint),
      lastMessagePreview: r.last_message_preview,
    }));
  }

  async inbox(staffId: string, filter: 'all' | 'mine' | 'unassigned', cursor?: string) {
    let query = this.db.selectFrom('support_conversations').selectAll().where('last_message_preview', '!=', '');
    if (filter === 'mine') query = query.where('assigned_staff_id', '=', staffId);
    if (filter === 'unassigned') query = query.where('assigned_staff_id', 'is', null);
    const { items: page, nextCursor } = await keysetPage(query, inboxPage, cursor, supportLimits.inboxPageSizeMax);
    const total = await this.db
      .selectFrom('support_conversations')
      .select((eb) => eb.fn.sum<bigint | string | null>('staff_unread').as('total'))
      .executeTakeFirst();
    return {
      list: await this.entries(page),
      nextCursor,
      unreadTotal: Number(total?.total ?? 0),
    };
  }

  async staffThread(conversationId: string, before?: string) {
    const row = await this.conversationById(conversationId);
    const [conversation] = await this.entries([row]);
    return { conversationId: row.id, conversation: conversation!, ...(await this.messages(row.id, before)), unread: num(row.staff_unread as bigint) };
  }

  async staffSend(staffId: string, input: { conversationId: string; requestId: string; body: string }) {
    const row = await this.conversationById(input.conversationId);
    const body = cleanMessage(input.body);
    if (!body) throw new AppError('request.invalid', undefined, 'body', 'validation.enterMessage');
    const existing = await this.byRequest(row.id, 'staff', input.requestId, { body, uploadId: null });
    const message = existing ?? (await this.insert(row.id, { author: 'staff', staffId, body, uploadId: null, requestId: input.requestId }));
    await this.publish(row.id, row.member_id);
    return { conversationId: row.id, message };
  }

  async staffRead(conversationId: string): Promise<void> {
    const row = await this.conversationById(conversationId);
    if (num(row.staff_unread as bigint) === 0) return;
    await this.db.updateTable('support_conversations').set({ staff_unread: 0n }).where('id', '=', row.id).execute();
    await this.publish(row.id, row.member_id);
  }

  async agents(): Promise<Array<{ id: string; userName: string }>> {
    const rows = await this.db.selectFrom('staff').select(['id', 'user_name', 'role', 'is_disabled']).orderBy('user_name').execute();
    return rows.filter((r) => !num(r.is_disabled) && roleCan(r.role as StaffRole, 'support.chat')).map((r) => ({ id: r.id, userName: r.user_name }));
  }

  /** Assigns the conversation to a staff member who may chat (or to nobody), audited. */
  async assign(actor: Actor, conversationId: string, staffId: string | null) {
    const row = await this.conversationById(conversationId);
    if (staffId !== null && !(await this.agents()).some((a) => a.id === staffId)) throw new AppError('staff.notFound');
    if (row.assigned_staff_id !== staffId) {
      await inTransaction(this.db, async (tx) => {
        await tx.updateTable('support_conversations').set({ assigned_staff_id: staffId }).where('id', '=', row.id).execute();
        await this.audit.record(tx, actor, {
          action: 'support.assign',
          targetType: 'supportConversation',
          targetId: row.id,
          before: { assignedStaffId: row.assigned_staff_id },
          after: { assignedStaffId: staffId },
          reason: '',
        });
      });
      await this.publish(row.id, row.member_id);
    }
    const [entry] = await this.entries([{ ...row, assigned_staff_id: staffId }]);
    return entry!;
  }
}
