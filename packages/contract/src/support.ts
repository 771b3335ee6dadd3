/**
 * Live support chat and the game identity (decision 024, docs/support.md). Messages are sent and
 * read through ordinary sealed API calls; the WebSocket at `supportSocketPath` only says that
 * something changed, so nothing of a conversation ever travels outside the envelope.
 */
import { z } from 'zod';
import { cursorInput } from './numbers.ts';
import { uploadInfo } from './deposits.ts';

export const supportLimits = {
  /** Characters of one message. */
  messageCharsMax: 2000,
  /** Messages a member may send per minute (counted in the database, shared by every process). */
  memberMessagesPerMinuteMax: 20,
  /** Messages per page of a conversation. */
  pageSizeMax: 50,
  /** Conversations per page of the staff inbox. */
  inboxPageSizeMax: 50,
  /**
   * Milliseconds a socket may stay silent before it says who it is. The apps send the hello as soon
   * as the socket opens (milliseconds); a stranger holding sockets open without one gets no more.
   */
  socketAuthTimeoutMs: 3_000,
  /** Bytes of one frame a client may send on the socket (only the hello is expected). */
  socketFrameBytesMax: 1024,
} as const;

/** Where the portal and the back-office open their socket (GET, upgraded to WebSocket). */
export const supportSocketPath = '/api/support/socket';

/** What a client sends first on the socket: its session token. */
export const supportSocketHello = z.object({
  type: z.literal('hello'),
  token: z
    .string()
    .min(32)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
  loginType: z.enum(['USER', 'STAFF']),
});
export type SupportSocketHello = z.infer<typeof supportSocketHello>;

/** What the server pushes: `ready` after the hello, `changed` when a conversation has news. */
export type SupportSocketEvent = { type: 'ready' } | { type: 'changed'; conversationId: string } | { type: 'denied' };

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'validation.invalid');

export const supportAuthors = ['member', 'staff'] as const;
export const supportMessage = z.object({
  id: z.string(),
  author: z.enum(supportAuthors),
  /** The staff member's user name on staff messages (shown to staff only; members see "Support"). */
  staffName: z.string().nullable(),
  body: z.string(),
  attachment: uploadInfo.nullable(),
  createdAt: z.number(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const supportThreadRequest = z.object({ before: cursorInput });
export const supportThreadResponse = z.object({
  conversationId: z.string().nullable(),
  /** Oldest first. */
  messages: z.array(supportMessage),
  /** Cursor for older messages, or null at the start of the conversation. */
  olderCursor: z.string().nullable(),
  unread: z.number(),
});

const messageBody = z.string().trim().max(supportLimits.messageCharsMax, 'validation.messageTooLong');
export const supportSendRequest = z
  .object({ body: messageBody.default(''), uploadId: id.optional() })
  .refine((v) => v.body.length > 0 || v.uploadId !== undefined, { message: 'validation.enterMessage', path: ['body'] });
export const supportSendResponse = z.object({ conversationId: z.string(), message: supportMessage });
export const supportUnreadResponse = z.object({ unread: z.number() });
export const supportConfigResponse = z.object({
  /** `external`: the operator configured a third-party widget script (support.liveChatScript). */
  mode: z.enum(['builtin', 'external']),
  scriptUrl: z.string().nullable(),
  /** When staff answer (support.hours), in the zone staff keep; the portal shows it with its UTC offset. */
  hours: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
  /** How long a reply usually takes in those hours, in minutes (support.typicalReplyMinutes). */
  typicalReplyMinutes: z.number().int(),
});
export type SupportConfig = z.infer<typeof supportConfigResponse>;

// Staff.
export const supportInboxFilters = ['all', 'mine', 'unassigned'] as const;
export const supportInboxRequest = z.object({ filter: z.enum(supportInboxFilters).default('all'), cursor: cursorInput });
export const supportConversationEntry = z.object({
  id: z.string(),
  memberUserName: z.string(),
  assignedStaffId: z.string().nullable(),
  assignedStaffName: z.string().nullable(),
  staffUnread: z.number(),
  lastMessageAt: z.number(),
  lastMessagePreview: z.string(),
});
export const supportInboxResponse = z.object({
  list: z.array(supportConversationEntry),
  nextCursor: z.string().nullable(),
  /** Unread member messages over every conversation. */
  unreadTotal: z.number(),
});
export const supportStaffThreadRequest = z.object({ conversationId: id, before: cursorInput });
export const supportStaffThreadResponse = supportThreadResponse.extend({ conversation: supportConversationEntry });
export const supportStaffSendRequest = z.object({
  conversationId: id,
  body: z.string().trim().min(1, 'validation.enterMessage').max(supportLimits.messageCharsMax, 'validation.messageTooLong'),
});
export const supportStaffReadRequest = z.object({ conversationId: id });
export const supportAssignRequest = z.object({ conversationId: id, staffId: id.nullable() });
export const supportAgentsResponse = z.array(z.object({ id: z.string(), userName: z.string() }));

// The game (decision 024).
export const gameTokenLifetimeSeconds = 300;
export const gameUserInfoResponse = z.object({
  /** A JWT (EdDSA): iss, aud, sub (the member's public id), name, iat, exp; see docs/support.md. */
  token: z.string(),
  expiresAt: z.number(),
  userName: z.string(),
});
