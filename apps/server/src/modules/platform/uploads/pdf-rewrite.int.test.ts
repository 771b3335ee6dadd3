// Proves that a PDF cannot carry code into storage: the probe's PDFs (JavaScript on open, a
// launched cmd.exe, a page's additional action, embedded files and document JavaScript in the
// name tree, annotations with link and JavaScript actions, an action in an object stream right
// after another stream, one behind ASCIIHex over Flate) and a PDF with HTML in it are each either
// refused or stored as a new document that, read back with the PDF library and as raw bytes,
// holds no action of any kind; the stored name is receipt.pdf whatever the member called it. A
// plain statement keeps its pages and its text; encrypted files and bombs are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, type PDFObject } from '@cantoo/pdf-lib';
import type { UploadInfo } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import * as files from '../../../../test/upload-files.ts';
import { pdfPagesMax } from './pdf-rewrite.ts';

type FileAnswer = UploadInfo & { content: string };

/** Keys that make a reader act, open, send or attach something; none may be in a stored PDF. */
const actingKeys = ['A', 'AA', 'OpenAction', 'JS', 'JavaScript', 'Launch', 'URI', 'Names', 'EmbeddedFiles', 'EmbeddedFile', 'EF', 'AcroForm', 'XFA', 'Annots'];
const actingTypes = ['Action', 'Annot', 'Filespec', 'EmbeddedFile'];
const actionKinds = ['JavaScript', 'Launch', 'URI', 'GoToR', 'GoToE', 'SubmitForm', 'ImportData'];
/** What the stored bytes must not contain anywhere, as text. */
const forbiddenBytes = [
  '/JavaScript',
  '/JS',
  '/Launch',
  '/OpenAction',
  '/AA',
  '/URI',
  '/EmbeddedFile',
  '/AcroForm',
  '/Annots',
  'onerror',
  'cmd.exe',
  'app.alert',
];

/** Every key found in the document, the names of each dictionary's /Type and /S, walked through every object. */
function namesIn(doc: PDFDocument): { keys: Set<string>; types: Set<string> } {
  const keys = new Set<string>();
  const types = new Set<string>();
  const walk = (object: PDFObject | undefined, depth: number): void => {
    if (depth > 100 || object === undefined) return;
    const dict = object instanceof PDFRawStream ? object.dict : object;
    if (dict instanceof PDFDict) {
      for (const [key, value] of dict.entries()) {
        keys.add(key.decodeText());
        if ((key === PDFName.of('Type') || key === PDFName.of('S')) && value instanceof PDFName) types.add(value.decodeText());
        walk(value, depth + 1);
      }
    } else if (dict instanceof PDFArray) {
      for (const item of dict.asArray()) walk(item, depth + 1);
    }
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) walk(object, 0);
  const trailer = doc.context.trailerInfo;
  if (trailer.Info) keys.add('Info');
  return { keys, types };
}

/** The decoded drawing of every page, joined. */
function drawingOf(doc: PDFDocument): string {
  return doc
    .getPages()
    .map((page) => {
      const contents = page.node.lookup(PDFName.of('Contents'));
      const parts = contents instanceof PDFArray ? contents.asArray().map((p) => doc.context.lookup(p)) : [contents];
      return parts.map((p) => Buffer.from(decodePDFRawStream(p as PDFRawStream).decode()).toString('latin1')).join('\n');
    })
    .join('\n');
}

describe.each(dialects)('PDF uploads rewritten on %s', (dialect) => {
  let t: TestApp;
  let member: TestClient;
  let finance: TestClient;
  const upload = (bytes: Buffer, fileName: string) => member.call<UploadInfo>('uploadCreate', { fileName, content: bytes.toString('base64') });
  const stored = async (id: string) => Buffer.from((await member.call<FileAnswer>('uploadFile', { id })).data.content, 'base64');

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await registerMember(t, 'pdfprobe');
    member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, 'pdfprobe', 'Passw0rd!x');
    finance = await staffClient(t, 'finance', 'Finance@12345');
  });
  afterAll(async () => t.close());

  const probes: Array<[string, () => Buffer]> = [
    ...Object.entries(files.actingPdfs),
    ['javaScriptEscapedNames', files.pdfWithEscapedJavaScript],
    ['javaScriptInObjectStream', files.pdfWithHiddenJavaScript],
  ];

  it.each(probes)('stores %s without any action, or refuses it', async (_name, make) => {
    const sent = make();
    const made = await upload(sent, 'statement.pdf');
    if (made.error) {
      expect(['upload.activeContent', 'upload.unreadable']).toContain(made.error);
      return;
    }
    expect(made.code, made.message).toBe(20000);
    const bytes = await stored(made.data.id);
    const text = bytes.toString('latin1');
    for (const word of forbiddenBytes) expect(text.includes(word), `${word} in the stored bytes`).toBe(false);
    expect(made.data).toMatchObject({ mimeType: 'application/pdf', fileName: 'receipt.pdf' });
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const { keys, types } = namesIn(doc);
    for (const key of actingKeys) expect(keys.has(key), `/${key} in the stored document`).toBe(false);
    for (const type of [...actingTypes, ...actionKinds]) expect(types.has(type), `/${type} in the stored document`).toBe(false);
    expect(keys.has('Info'), 'document information kept').toBe(false);
    expect(keys.has('Metadata'), 'metadata kept').toBe(false);
    expect(keys.has('Outlines'), 'outlines kept').toBe(false);
    expect(doc.getPageCount()).toBe(1);
    // What the page draws is still there.
    if (_name !== 'javaScriptEscapedNames' && _name !== 'javaScriptInObjectStream') expect(drawingOf(doc)).toContain('(Transfer 50.00 USD) Tj');
  });

  it('stores a PDF with HTML markup, sent as receipt.html, as receipt.pdf without the markup, for the member and for staff', async () => {
    const sent = files.pdfMarkupPolyglot();
    expect(sent.includes('onerror')).toBe(true);
    const made = await upload(sent, 'receipt.html');
    if (made.error) {
      expect(['upload.activeContent', 'upload.unreadable']).toContain(made.error);
      return;
    }
    const bytes = await stored(made.data.id);
    for (const word of ['onerror', '<img', '<html', ...forbiddenBytes]) expect(bytes.includes(word), `${word} in the stored bytes`).toBe(false);
    expect(made.data).toMatchObject({ mimeType: 'application/pdf', fileName: 'receipt.pdf' });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const staff = await finance.call<FileAnswer>('staffUploadFile', { id: made.data.id });
    expect(staff.data).toMatchObject({ mimeType: 'application/pdf', fileName: 'receipt.pdf' });
    const row = await t.services.dbHandle.db.selectFrom('uploads').select('file_name').where('id', '=', made.data.id).executeTakeFirstOrThrow();
    expect(row.file_name).toBe('receipt.pdf');
  });

  it('keeps the pages and the text of a plain statement, as a new document', async () => {
    for (const pages of [1, 3]) {
      const sent = files.textPdf(pages);
      const made = await upload(sent, 'Statement March.PDF');
      expect(made.code, made.message).toBe(20000);
      expect(made.data).toMatchObject({ mimeType: 'application/pdf', fileName: 'receipt.pdf', width: null, height: null });
      const doc = await PDFDocument.load(await stored(made.data.id));
      expect(doc.getPageCount()).toBe(pages);
      expect(doc.getPage(0).getSize()).toEqual({ width: 595, height: 842 });
      for (let i = 1; i <= pages; i++) expect(drawingOf(doc)).toContain(`(Statement page ${i}) Tj`);
    }
    const clean = await upload(files.cleanPdf(), 'x.pdf');
    expect(clean.code, clean.message).toBe(20000);
    expect((await PDFDocument.load(await stored(clean.data.id))).getPageCount()).toBe(1);
  });

  it('refuses encrypted PDFs, more pages than the ceiling, a bomb of pages and a decompression bomb, quickly', async () => {
    expect((await upload(files.encryptedPdf(), 'locked.pdf')).error).toBe('upload.unreadable');
    expect((await upload(files.textPdf(pdfPagesMax + 1), 'long.pdf')).error).toBe('upload.unreadable');
    const pageBomb = files.pageBombPdf(45_000);
    let started = Date.now();
    expect((await upload(pageBomb, 'pages.pdf')).error).toBe('upload.unreadable');
    const pageBombMs = Date.now() - started;
    const decompressionBomb = files.decompressionBombPdf();
    started = Date.now();
    expect((await upload(decompressionBomb, 'zip.pdf')).error).toBe('upload.unreadable');
    const decompressionBombMs = Date.now() - started;
    console.log(
      `page bomb (${pageBomb.length} bytes) refused in ${pageBombMs} ms; decompression bomb (${decompressionBomb.length} bytes to 256 MiB) in ${decompressionBombMs} ms`,
    );
    // Generous for two shared cores; unbounded work took minutes or ran out of memory.
    expect(pageBombMs).toBeLessThan(15_000);
    expect(decompressionBombMs).toBeLessThan(15_000);
    // Not a PDF past its first line.
    expect((await upload(Buffer.from('%PDF-1.7\n<html><body>not a document</body></html>'), 'x.pdf')).error).toBe('upload.unreadable');
  });
});
