/**
 * A PDF of whole-page JPEG images, written by hand (decision 092): each page of the statement is
 * drawn on a canvas with the device's own fonts, so Chinese, Japanese and Korean need no font in
 * the download or in the document, and the JPEG goes into the PDF as it is (DCTDecode). Only
 * ASCII is written outside the image streams; the title travels as UTF-16 in a hex string.
 */
export interface PdfPage {
  jpeg: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/** A4 in PDF points. */
export const a4 = { width: 595.28, height: 841.89 } as const;

const ascii = (text: string) => new TextEncoder().encode(text);

/** "<FEFF...>": a text string a reader shows in any script. */
function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

export function jpegPagesToPdf(pages: readonly PdfPage[], meta: { title: string; language: string }): Uint8Array {
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (bytes: Uint8Array) => {
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, parts: Array<string | Uint8Array>) => {
    offsets[id] = length;
    push(ascii(`${id} 0 obj\n`));
    for (const part of parts) push(typeof part === 'string' ? ascii(part) : part);
    push(ascii('\nendobj\n'));
  };
  push(ascii('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n'));
  // 1 catalog, 2 page tree, 3 info, then three objects a page: the page, its image, its drawing.
  const pageId = (i: number) => 4 + i * 3;
  const language = meta.language.replace(/[^A-Za-z-]/g, '');
  object(1, [`<< /Type /Catalog /Pages 2 0 R /Lang (${language}) >>`]);
  object(2, [`<< /Type /Pages /Count ${pages.length} /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] >>`]);
  object(3, [`<< /Title ${utf16Hex(meta.title)} /Producer (points portal) >>`]);
  pages.forEach((page, i) => {
    const id = pageId(i);
    object(id, [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${a4.width} ${a4.height}] /Resources << /XObject << /Im0 ${id + 1} 0 R >> >> /Contents ${id + 2} 0 R >>`,
    ]);
    object(id + 1, [
      `<< /Type /XObject /Subtype /Image /Width ${page.widthPx} /Height ${page.heightPx} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>\nstream\n`,
      page.jpeg,
      '\nendstream',
    ]);
    const draw = `q ${a4.width} 0 0 ${a4.height} 0 0 cm /Im0 Do Q`;
    object(id + 2, [`<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`]);
  });
  const count = 4 + pages.length * 3;
  const xref = length;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let id = 1; id < count; id += 1) table += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  push(ascii(`${table}trailer\n<< /Size ${count} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
