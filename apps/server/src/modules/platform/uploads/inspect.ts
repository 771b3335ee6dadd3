/**
 * Checks an uploaded file by its content, never by its name or the type the client claims, and
 * turns it into what is stored (decision 016):
 * - JPEG, PNG and WebP images are decoded and re-encoded from their pixels by sharp, with the
 *   camera's orientation applied, scaled down to `uploadImageSidePx`, and with every metadata
 *   block (EXIF, GPS, XMP, ICC, comments) left behind. Whatever else the file carried (an HTML
 *   page appended or hidden in a comment, a second format behind the first) is not in the pixels,
 *   so it is not in the stored copy. An image that declares more than `uploadInputPixelsMax`
 *   pixels is refused before it is decoded.
 * - A PDF is stored as sent, but only when it starts with %PDF- and has none of the features
 *   that make a PDF act (JavaScript, open and additional actions, launch, embedded files, forms
 *   that submit, rich media, encryption that would hide any of them), looked for in the file and
 *   in every Flate stream inside it.
 * Everything else (SVG, HTML, GIF, HEIC, scripts, archives) is refused.
 */
import zlib from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { uploadLimits, type UploadMimeType } from '@pp/contract';
import { AppError } from '../../../errors.ts';

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

/** Names that make a PDF do something when opened, or hide what it holds. */
const activeNames = /\/(?:JS|JavaScript|OpenAction|AA|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData|GoToE|GoToR|Encrypt)(?![A-Za-z0-9])/;
/** Markup that a browser sniffing the file would run; a real PDF has no reason to carry it. */
const markup = /<\s*(?:script|html|iframe|object|embed|svg)\b/i;
/** Bytes the Flate streams of one PDF may inflate to in all; more is a compression bomb. */
const inflatedBytesMax = 32 * 1024 * 1024;
/** Streams looked into; a receipt has a handful, a bomb of tiny streams is refused. */
const streamsMax = 5_000;

/** PDF names may spell a character as #xx (/J#61vaScript is /JavaScript): spelled out before the search. */
function decodeNames(text: string): string {
  return text.replace(/\/[^\s/<>[\]()%{}]+/g, (name) => name.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

function hasActiveContent(text: string): boolean {
  return activeNames.test(decodeNames(text)) || markup.test(text);
}

function checkPdf(original: Buffer): InspectedFile {
  const text = original.toString('latin1');
  if (hasActiveContent(text)) throw new AppError('upload.activeContent');
  // Object streams (PDF 1.5) keep dictionaries inside compressed streams: look there too.
  const streamPattern = /stream\r?\n/g;
  let inflatedTotal = 0;
  let streams = 0;
  for (let match = streamPattern.exec(text); match; match = streamPattern.exec(text)) {
    if (++streams > streamsMax) throw new AppError('upload.unreadable');
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const body = original.subarray(start, end);
    let inflated: Buffer | null = null;
    try {
      inflated = zlib.inflateSync(body, { maxOutputLength: inflatedBytesMax - inflatedTotal + 1 });
    } catch (error) {
      // Not Flate (an image, another filter): nothing to read. Too large: refused below.
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new AppError('upload.unreadable');
    }
    if (inflated) {
      inflatedTotal += inflated.length;
      if (inflatedTotal > inflatedBytesMax) throw new AppError('upload.unreadable');
      if (hasActiveContent(inflated.toString('latin1'))) throw new AppError('upload.activeContent');
    }
    streamPattern.lastIndex = end;
  }
  return { mimeType: 'application/pdf', bytes: original, width: null, height: null };
}
