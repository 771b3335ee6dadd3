/**
 * Phone photos are 3 to 12 MB; the upload limit is 5 MB and a receipt needs far fewer pixels.
 * Before sending, a photo is drawn onto a canvas at most `maxSidePx` on its longer side (with
 * the camera's orientation applied by the browser) and saved as JPEG. The server re-encodes it
 * again anyway (decision 016); this only keeps the upload small and fast on a phone network.
 */

/** Width and height that fit inside maxSidePx, keeping the aspect ratio; never enlarged. */
export function fitWithin(width: number, height: number, maxSidePx: number): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxSidePx || longer === 0) return { width, height };
  const scale = maxSidePx / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Types the browser can draw and we accept; a PDF (or anything else) is sent as it is. */
const shrinkable = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Quality of the JPEG the canvas writes: text on a receipt stays sharp. */
const jpegQuality = 0.85;

/**
 * The file to send: a shrunk JPEG for a large photo, the file itself otherwise (a small image,
 * a PDF, or anything the browser cannot decode; the server decides about those).
 */
export async function shrinkForUpload(file: File, maxSidePx: number, bytesMax: number): Promise<Blob> {
  if (!shrinkable.has(file.type)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxSidePx);
    const isSmallEnough = size.width === bitmap.width && size.height === bitmap.height && file.size <= bytesMax;
    if (isSmallEnough) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a white page under a transparent screenshot.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', jpegQuality));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
