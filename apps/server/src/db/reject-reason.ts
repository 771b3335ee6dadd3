/**
 * The one conversion between a rejection's typed reason and its two stored columns, `reject_code`
 * and `reject_note` (migration 054), and the two fields the member's lists answer with. Every table
 * that keeps a rejection (review items, bank deposits, exchanges, withdrawals, package claims) goes
 * through it, so no module reads or writes a reason any other way. A review decision keeps its
 * code apart the same way (`reason_code`, migration 056), read with `reasonCodeOf`.
 */
import { recordRejectReasonCodes, type RejectReason, type RejectReasonCode } from '@pp/contract';

export interface RejectColumns {
  reject_code: string | null;
  reject_note: string | null;
}

const isCode = (value: string): value is RejectReasonCode => (recordRejectReasonCodes as readonly string[]).includes(value);

/** The columns for `reason`; both null when nothing was rejected. */
export function rejectColumns(reason: RejectReason | null): RejectColumns {
  return reason === null ? { reject_code: null, reject_note: null } : { reject_code: reason.code, reject_note: reason.note };
}

/**
 * The reason stored in `row`, or null when it holds none. A code this build does not know (a
 * newer build's, rolled back) reads as `other`: the member still learns the item was rejected.
 */
export function rejectReasonOf(row: RejectColumns): RejectReason | null {
  const code = reasonCodeOf(row.reject_code);
  return code === null ? null : { code, note: row.reject_note ?? '' };
}

/** A stored reason code as this build reads it: none stays none, a code it does not know reads as `other`. */
export function reasonCodeOf(stored: string | null): RejectReasonCode | null {
  if (stored === null) return null;
  return isCode(stored) ? stored : 'other';
}

/** The member's and staff's answer: the code, which they read translated, and the words when there are any. */
export function rejectReasonFields(reason: RejectReason | null): { rejectReasonCode: RejectReasonCode | null; rejectReason: string | null } {
  if (reason === null) return { rejectReasonCode: null, rejectReason: null };
  const note = reason.note.trim();
  return { rejectReasonCode: reason.code, rejectReason: note === '' ? null : note };
}
