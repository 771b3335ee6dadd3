/**
 * Checks an uploaded file by its content, never by its name or the type the client claims, and
 * turns it into what is stored (decision 016):
 * - JPEG, PNG and WebP images are decoded and re-encoded from their pixels by sharp, with the
 *   camera's orientation applied, scaled down to `uploadImageSidePx`, and with every metadata
 *   block (EXIF, GPS, XMP, ICC, comments) left behind. Whatever else the file carried (an HTML
 *   page appended or hidden in a comment, a second format behind the first) is not in the pixels,
 *   so it is not in the stored copy. An image that declares more than `uploadInputPixelsMax`
 *   pixels is refused before it is decoded.
 * - A PDF (it must start with %PDF-) is never stored as sent: a maintained PDF library parses it
 *   and a new document is written with only the pages' size, drawing and the resources the
 *   drawing names (pdf-rewrite.ts, decision 060). Document and page actions, JavaScript, launch,
 *   links, annotations, forms, XFA, embedded files, outlines and metadata are not carried over,
 *   wherever in the file they were and however they were encoded; the stored name is receipt.pdf,
 *   never the member's label. A file that cannot be parsed, is encrypted, has more than
 *   `pdfPagesMax` pages or decompresses past `pdfDecodedBytesMax` is refused.
 * Everything else (SVG, HTML, GIF, HEIC, scripts, archives) is refused.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { uploadLimits, type UploadMimeType } from '@pp/contract';
import { AppError } from '../../../errors.ts';
import { rewritePdf } from './pdf-rewrite.ts';

export interface InspectedFile {
  mimeType: UploadMimeType;
  /** The bytes to store. */
  bytes: Buffer;
  width: number | null;
  height: number | null;
}

const imageTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The refusal for a file over a ceiling, with the ceilings a member can act on. */
export function tooLarge(): AppError {
  return new AppError('upload.tooLarge', {
    megabytes: uploadLimits.uploadBytesMax / (1024 * 1024),
    megapixels: uploadLimits.uploadInputPixelsMax / 1_000_000,
  });
}

export async function inspectUpload(original: Buffer): Promise<InspectedFile> {
  if (original.length === 0) throw new AppError('upload.unreadable');
  if (original.length > uploadLimits.uploadBytesMax) throw tooLarge();
  const detected = await fileTypeFromBuffer(original);
  if (detected && imageTypes.has(detected.mime)) return reencodeImage(original, detected.mime as UploadMimeType);
  if (original.subarray(0, 5).toString('latin1') === '%PDF-') return checkPdf(original);
  throw new AppError('upload.typeNotAllowed');
}

async function reencodeImage(original: Buffer, mimeType: UploadMimeType): Promise<InspectedFile> {
  const options = { limitInputPixels: uploadLimits.uploadInputPixelsMax, failOn: 'error' as const, animated: false };
  let metadata: Metadata;
  try {
    metadata = await sharp(original, options).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw tooLarge();
    throw new AppError('upload.unreadable');
  }
  if (!metadata.width || !metadata.height) throw new AppError('upload.unreadable');
  if (metadata.width * metadata.height > uploadLimits.uploadInputPixelsMax) throw tooLarge();
  const side = uploadLimits.uploadImageSidePx;
  // rotate() with no angle applies the EXIF orientation to the pixels; the output carries no
  // metadata because sharp writes none unless asked (withMetadata / keepExif are never called).
  const pipeline = sharp(original, options).rotate().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  const encoded =
    mimeType === 'image/png'
      ? pipeline.png({ compressionLevel: 9 })
      : mimeType === 'image/webp'
        ? pipeline.webp({ quality: 85 })
        : pipeline.jpeg({ quality: 85, mozjpeg: true });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { mimeType, bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw tooLarge();
    throw new AppError('upload.unreadable');
  }
}

/**
 * A PDF is rewritten (pdf-rewrite.ts): what is stored is a new document holding only the pages'
 * drawing, whatever the file sent carried besides.
 */
async function checkPdf(original: Buffer): Promise<InspectedFile> {
  const { bytes } = await rewritePdf(original);
  // The drawing is written again with one Flate layer, so a page of text can grow a little; a
  // copy above the stored ceiling is refused like a file above it.
  if (bytes.length > uploadLimits.uploadBytesMax) throw tooLarge();
  return { mimeType: 'application/pdf', bytes, width: null, height: null };
}
