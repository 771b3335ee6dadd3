/**
 * Uploads (receipts and other files, checked by content on the server) and bank deposits
 * (decision 016). A file travels inside the envelope like every other call, as base64; its
 * endpoint alone has a larger body limit (`uploadBodyBytesMax`).
 */
import { z } from 'zod';
import { amountInput, currencyAmountOf, cursorInput } from './numbers.ts';
import { recordRejectReasonCodes } from './wallet.ts';

/**
 * The ceilings of an upload. A phone photo is shrunk in the browser to at most
 * `uploadImageSidePx` on its longer side before it is sent, which leaves it far below
 * `uploadBytesMax`; a PDF statement is rarely above 1 MiB.
 */
export const uploadLimits = {
  /** The file as the member chose it (after the browser's shrinking). */
  uploadBytesMax: 5 * 1024 * 1024,
  /** The envelope body of the upload call: base64 in JSON in a JWE (about 1.78 x the file). */
  uploadBodyBytesMax: 10 * 1024 * 1024,
  /** Pixels an image may declare before it is decoded (decompression bombs are refused unread). */
  uploadInputPixelsMax: 40_000_000,
  /** The stored image's longer side; larger images are scaled down when re-encoded. */
  uploadImageSidePx: 2400,
  /** What the browser shrinks a photo to before sending it. */
  browserImageSidePx: 2000,
  fileNameCharsMax: 100,
} as const;

/** What the server stores: raster images re-encoded without metadata, and script-free PDFs. */
export const uploadMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type UploadMimeType = (typeof uploadMimeTypes)[number];

const fileId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/);

export const uploadCreateRequest = z.object({
  /** The name the member's device gave the file; kept only as a label (and for the download name). */
  fileName: z.string().trim().max(uploadLimits.fileNameCharsMax).default(''),
  /**
   * The file's bytes, base64 (standard alphabet). Bounded by the call's body limit; a file above
   * `uploadBytesMax` is refused once decoded with upload.tooLarge, which says the ceilings.
   */
  content: z
    .string('validation.chooseFile')
    .min(1, 'validation.chooseFile')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'validation.fileUnreadable'),
});
export const uploadInfo = z.object({
  id: z.string(),
  mimeType: z.enum(uploadMimeTypes),
  byteSize: z.number(),
  /** Of the stored (re-encoded) image; null for a PDF. */
  width: z.number().nullable(),
  height: z.number().nullable(),
  fileName: z.string(),
  createdAt: z.number(),
});
export type UploadInfo = z.infer<typeof uploadInfo>;
export const uploadFileRequest = z.object({ id: fileId });
/** The stored file; the client shows an image from a blob of `mimeType`, and saves a PDF. */
export const uploadFileResponse = uploadInfo.extend({ content: z.string() });

export const bankDepositConfig = z.object({
  recipient: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }),
  /** The local currency the member transfers in, and how many of its units make one USD. */
  currency: z.string(),
  rate: z.string(),
  /** When transfers are processed (shown to the member; staff review in these hours). */
  window: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
  minimum: z.string(),
  maximum: z.string(),
  /** "0" means any amount of at least the minimum. */
  multipleOf: z.string(),
  uploadBytesMax: z.number(),
  mimeTypes: z.array(z.enum(uploadMimeTypes)),
  browserImageSidePx: z.number(),
});
export type BankDepositConfig = z.infer<typeof bankDepositConfig>;

export const receiptNumberCharsMax = 64;
export const depositCreateRequest = z.object({
  /** USD (USDT points), at least the minimum and a multiple of the configured step. */
  amount: amountInput,
  receiptNumber: z
    .string('validation.enterReceiptNumber')
    .trim()
    .min(1, 'validation.enterReceiptNumber')
    .max(receiptNumberCharsMax, 'validation.receiptNumberTooLong'),
  receiptFileId: z
    .string('validation.uploadReceipt')
    .min(1, 'validation.uploadReceipt')
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'validation.uploadReceipt'),
  otherFileId: fileId.optional(),
});
export const depositCreateResponse = z.object({ id: z.string(), number: z.string(), status: z.literal('pendingReview') });

export const depositStatuses = ['pendingReview', 'approved', 'rejected'] as const;
/**
 * Where a deposit came from. depositRecordList lists bank deposits today; the on-chain deposits
 * have bscDepositRecordList. Should one list show both, the chain module adds its channel here.
 */
export const depositChannels = ['bank'] as const;
export const depositRecordListRequest = z.object({
  status: z.enum(depositStatuses).optional(),
  cursor: cursorInput,
  pageSize: z.number().int().min(1).max(50).default(20),
});
export const depositRecord = z.object({
  id: z.string(),
  number: z.string(),
  channel: z.enum(depositChannels),
  coinName: z.string(),
  /** USD (USDT points) credited on approval. */
  amount: z.string(),
  currency: z.string(),
  rate: z.string(),
  /** What the member transferred in the local currency. */
  localAmount: z.string(),
  receiptNumber: z.string(),
  receiptFileId: z.string(),
  otherFileId: z.string().nullable(),
  status: z.enum(depositStatuses),
  rejectReasonCode: z.enum(recordRejectReasonCodes).nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecord>;
export const depositRecordListResponse = z.object({ items: z.array(depositRecord), nextCursor: z.string().nullable() });

/**
 * The transfer amount in the local currency for `amount` USD at `rate`: exact arithmetic on
 * minor units, rounded up to the cent so a member who pays what is shown never pays short.
 * The portal shows it as the member types and the server stores it; both use this one function.
 */
export function localAmountOf(amount: string, rate: string): string | null {
  return currencyAmountOf(amount, rate, 'up');
}
