import { recordRejectReasonCodes, rejectReason, type RejectReasonCode } from '@pp/contract';

/** The trail's actions whose reason the server writes as `code: the staff member's words`. */
const codedReasonActions: ReadonlySet<string> = new Set(['review.approve', 'review.reject', 'payout.reject']);

/**
 * A trail entry's reason written as `code: text` (a review decision or a payout rejection recorded
 * before the trail kept the reason typed) split into its reason
 * code, which the screen shows translated, and the staff member's own words; null for a reason
 * that starts with no known code, shown as written. With `action`, only the actions that write
 * coded reasons are read this way, so free words that happen to begin with "other:" stay as typed.
 */
export function splitCodedReason(reason: string, action?: string): { code: RejectReasonCode; text: string } | null {
  if (action !== undefined && !codedReasonActions.has(action)) return null;
  const match = /^([A-Za-z]+): ?([\s\S]*)$/.exec(reason);
  const code = match?.[1];
  if (!match || code === undefined || !(recordRejectReasonCodes as readonly string[]).includes(code)) return null;
  return { code: code as RejectReasonCode, text: (match[2] ?? '').trim() };
}

/**
 * The rejection reason of a trail entry: the typed one the server keeps in `after.rejectReason`,
 * else, for an entry written before it did, the coded text of its reason; null when it has neither.
 */
export function auditRejectReason(entry: { action: string; reason: string; after: unknown }): { code: RejectReasonCode; text: string } | null {
  const after = entry.after;
  const typed = after !== null && typeof after === 'object' && 'rejectReason' in after ? rejectReason.safeParse(after.rejectReason) : null;
  if (typed?.success) return { code: typed.data.code, text: typed.data.note.trim() };
  return splitCodedReason(entry.reason, entry.action);
}
