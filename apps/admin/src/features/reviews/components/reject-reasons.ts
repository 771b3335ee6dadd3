import { rejectReasonCodesCommonTo, type RejectReasonCode } from '@pp/contract';

/**
 * The reason codes a rejection of `items` may use: their queue's, and for a batch that mixes
 * queues only the codes every one of them accepts, since one rejection sends one code to all.
 */
export const offeredRejectCodes = (items: ReadonlyArray<{ queue: string }>): readonly RejectReasonCode[] =>
  rejectReasonCodesCommonTo([...new Set(items.map((item) => item.queue))]);
