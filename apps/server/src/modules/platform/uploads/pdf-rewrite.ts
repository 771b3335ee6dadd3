/**
 * A PDF is never stored as sent: it is parsed by a maintained PDF library (@cantoo/pdf-lib,
 * decision 060) and a new document is written that holds only what draws the pages. Each page
 * gets its size (MediaBox, CropBox, Rotate), its content streams and the resources they name
 * (fonts, images, colour spaces, patterns, form drawings), copied through an allow-by-shape
 * copier that leaves behind every key and every object that can make a reader act or carry
 * something else: actions (document, page and annotation), JavaScript, launch, links, embedded
 * and external files, forms, XFA, annotations, outlines, metadata. The catalog, the document's
 * name trees and the trailer's Info are never read, so nothing they point to can reach the copy.
 * What cannot be parsed, is encrypted, has more pages than a receipt, or decompresses past the
 * budget is refused; the copy is then checked once more, as bytes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import zlib from 'node:zlib';
import {
  PDFArray,
  PDFBool,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFObject,
  PDFRawStream,
  PDFRef,
  PDFString,
  ParseSpeeds,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';
import { AppError } from '../../../errors.ts';

/** Pages a receipt or a bank statement may have; a document of more is refused as unreadable. */
export const pdfPagesMax = 50;
/** Bytes all the streams of one PDF may decompress to, together; more is a decompression bomb. */
export const pdfDecodedBytesMax = 32 * 1024 * 1024;
/** Objects copied into the new document: a real statement needs a few hundred. */
const copiedObjectsMax = 20_000;
/** Nesting of dictionaries and arrays followed while copying; deeper is refused, not recursed. */
const copyDepthMax = 64;
/** Page-tree levels followed; a real tree is a few levels deep. */
const treeDepthMax = 16;

/** Raised inside the library's decoders when a document's decompression budget is spent. */
class DecodeBudgetSpent extends Error {}

/** Objects the library may read from one file (its own and those inside object streams). */
export const pdfObjectsMax = 20_000;

interface Budget {
  /** Decoded bytes still allowed. */
  left: number;
  /** Objects the parser may still read. */
  objectsLeft: number;
  /** The new document's context, whose objects (bounded by the copier) are not counted. */
  target?: PDFContext;
}

const decodeBudget = new AsyncLocalStorage<Budget>();

/**
 * Every decoder of the library (Flate, LZW, ASCII85, ASCIIHex, RunLength, decryption) grows its
 * output through one method of their common base class, also while the library itself opens the
 * object streams of a file it loads. That method is wrapped once so that, inside a rewrite, each
 * growth is taken from the document's budget: a bomb stops at the budget instead of filling the
 * memory. The base class is not exported, so it is reached from a decoder the library builds.
 */
function boundLibraryDecoders(): void {
  const context = PDFContext.create();
  const probe = decodePDFRawStream(PDFRawStream.of(context.obj({ Filter: 'FlateDecode' }), zlib.deflateSync(Buffer.from('q Q'))));
  const base = Object.getPrototypeOf(Object.getPrototypeOf(probe)) as { ensureBuffer?: (requested: number) => Uint8Array };
  const original = base.ensureBuffer;
  if (typeof original !== 'function') throw new Error('@cantoo/pdf-lib: the decoders changed shape; the decompression budget cannot be applied');
  base.ensureBuffer = function (this: { buffer: Uint8Array }, requested: number) {
    const before = this.buffer.byteLength;
    const budget = decodeBudget.getStore();
    // Checked before the allocation (which at most doubles the buffer), counted after it.
    if (budget && requested > before && Math.max(requested, before * 2) - before > budget.left) throw new DecodeBudgetSpent('decompression budget spent');
    const buffer = original.call(this, requested);
    if (budget) budget.left -= buffer.byteLength - before;
    return buffer;
  };
}
boundLibraryDecoders();

/**
 * Every object the parser reads is assigned to the document's context; counting there bounds a
 * file of tens of thousands of tiny objects (a bomb of pages) before it costs seconds.
 */
function boundParsedObjects(): void {
  const original = PDFContext.prototype.assign;
  PDFContext.prototype.assign = function (this: PDFContext, ref: PDFRef, object: PDFObject) {
    const budget = decodeBudget.getStore();
    if (budget && this !== budget.target && --budget.objectsLeft < 0) throw new DecodeBudgetSpent('object budget spent');
    return original.call(this, ref, object);
  };
}
boundParsedObjects();

const name = (n: string) => PDFName.of(n);

/** Keys never copied, wherever they appear: each can run, open, send or embed something. */
const droppedKeys = new Set(
  [
    'A', // an action (annotations, outline items)
    'AA', // additional actions (pages, annotations, fields, the catalog)
    'OpenAction',
    'JS',
    'JavaScript',
    'Launch',
    'URI',
    'Names', // name trees: JavaScript, EmbeddedFiles, templates
    'AcroForm',
    'XFA',
    'Annots',
    'EmbeddedFiles',
    'EmbeddedFile',
    'EF',
    'FS',
    'RichMedia',
    'RichMediaContent',
    'Metadata',
    'PieceInfo',
    'OPI',
    'Ref', // a reference XObject draws a page of another file
    'Outlines',
    'Threads',
    'Dests',
    'Next',
    'Parent', // would drag the source's page tree along
    'StructParent',
    'StructParents',
    'Alternates',
    'SubmitForm',
    'ImportData',
    'GoToE',
    'GoToR',
    'Movie',
    'Sound',
  ].map(name),
);
/** On a stream, these fetch its data from another file (and its length is written anew). */
const droppedStreamKeys = new Set(['F', 'FFilter', 'FDecodeParms', 'DL', 'Length'].map(name));
/** Dictionaries of these types are not copied at all (a key naming one is left out). */
const droppedTypes = new Set(
  ['Action', 'Annot', 'Filespec', 'EmbeddedFile', 'Catalog', 'Pages', 'Page', 'Outlines', 'Sig', 'XRef', 'ObjStm', 'Metadata'].map(name),
);
/** Action types (the /S of an action dictionary); a dictionary naming one is not copied. */
const actionTypes = new Set(
  [
    'JavaScript',
    'Launch',
    'URI',
    'GoTo',
    'GoToR',
    'GoToE',
    'GoToDp',
    'SubmitForm',
    'ResetForm',
    'ImportData',
    'Named',
    'Rendition',
    'Sound',
    'Movie',
    'Hide',
    'SetOCGState',
    'Trans',
    'GoTo3DView',
    'RichMediaExecute',
    'Thread',
  ].map(name),
);
/** Filters the library decodes; a stream with only these is decoded and written again with Flate. */
const decodableFilters = new Set(['FlateDecode', 'LZWDecode', 'ASCII85Decode', 'ASCIIHexDecode', 'RunLengthDecode'].map(name));

function unreadable(): AppError {
  return new AppError('upload.unreadable');
}

/** Copies what draws the pages from one document into another, leaving out what acts. */
class PageCopier {
  private readonly copied = new Map<PDFRef, PDFRef | typeof PDFNull>();
  private objects = 0;

  constructor(
    private readonly source: PDFContext,
    private readonly target: PDFContext,
  ) {}

  /** A copy of `object`, or PDFNull when it (or what it points to) is not kept. */
  copy(object: PDFObject | undefined, depth = 0): PDFObject {
    if (depth > copyDepthMax) throw unreadable();
    if (object === undefined) return PDFNull;
    if (object instanceof PDFRef) return this.copyRef(object, depth);
    if (object instanceof PDFRawStream) return this.copyStream(object, depth);
    if (object instanceof PDFDict) return this.isDropped(object) ? PDFNull : this.copyDict(object, depth, false);
    if (object instanceof PDFArray) {
      const array = PDFArray.withContext(this.target);
      for (const item of object.asArray()) array.push(this.copy(item, depth + 1));
      return array;
    }
    // Names, numbers, strings and booleans hold no context and never change: shared as they are.
    if (object instanceof PDFName || object instanceof PDFNumber || object instanceof PDFString || object instanceof PDFHexString || object instanceof PDFBool)
      return object;
    // Anything else (null, or a stream kind a parsed file does not hold) is left out.
    return PDFNull;
  }

  private copyRef(ref: PDFRef, depth: number): PDFObject {
    const done = this.copied.get(ref);
    if (done) return done;
    const object = this.source.lookup(ref);
    if (object === undefined || object === PDFNull) return PDFNull;
    if (++this.objects > copiedObjectsMax) throw unreadable();
    // Registered before its contents are copied, so a cycle meets the reference, not a loop.
    const target = this.target.nextRef();
    this.copied.set(ref, target);
    const copy = this.copy(object, depth + 1);
    if (copy === PDFNull) {
      this.copied.set(ref, PDFNull);
      return PDFNull;
    }
    this.target.assign(target, copy);
    return target;
  }

  private isDropped(dict: PDFDict): boolean {
    const type = dict.lookup(name('Type'));
    if (type instanceof PDFName && droppedTypes.has(type)) return true;
    const subtype = dict.lookup(name('S'));
    if (subtype instanceof PDFName && actionTypes.has(subtype)) return true;
    return dict.has(name('JS'));
  }

  private copyDict(dict: PDFDict, depth: number, isStream: boolean): PDFDict {
    const copy = PDFDict.withContext(this.target);
    for (const [key, value] of dict.entries()) {
      if (droppedKeys.has(key) || (isStream && droppedStreamKeys.has(key))) continue;
      const kept = this.copy(value, depth + 1);
      if (kept !== PDFNull) copy.set(key, kept);
    }
    return copy;
  }

  private copyStream(stream: PDFRawStream, depth: number): PDFObject {
    if (this.isDropped(stream.dict)) return PDFNull;
    const dict = this.copyDict(stream.dict, depth, true);
    const filter = stream.dict.lookup(name('Filter'));
    const filters = filter instanceof PDFArray ? filter.asArray() : filter === undefined ? [] : [filter];
    const isImage = stream.dict.lookup(name('Subtype')) === name('Image');
    const isDecodable = filters.every((f) => f instanceof PDFName && decodableFilters.has(f)) && !stream.dict.has(name('DecodeParms'));
    if (isImage || !isDecodable) {
      // Pictures (a scanned page would decode to tens of megabytes) and streams with image codecs
      // or predictors stay as they are: pixels, not commands; the bytes are checked below.
      return PDFRawStream.of(dict, stream.contents);
    }
    // Everything else (content streams, form drawings, fonts, colour profiles) is decoded and
    // written again with one Flate layer, so chained filters and odd encodings do not survive.
    dict.delete(name('Filter'));
    dict.delete(name('DecodeParms'));
    dict.delete(name('Length'));
    return this.flate(dict, this.decode(stream));
  }

  decode(stream: PDFRawStream): Uint8Array {
    try {
      return decodePDFRawStream(stream).decode();
    } catch (error) {
      if (error instanceof DecodeBudgetSpent) throw error;
      throw unreadable();
    }
  }

  flate(dict: PDFDict, bytes: Uint8Array): PDFRawStream {
    dict.set(name('Filter'), name('FlateDecode'));
    return PDFRawStream.of(dict, zlib.deflateSync(bytes, { level: 9 }));
  }
}

interface SourcePage {
  leaf: PDFDict;
  /** Attributes a page takes from its ancestors when it has none of its own. */
  inherited: Map<PDFName, PDFObject>;
}

const inheritable = ['Resources', 'MediaBox', 'CropBox', 'Rotate'].map(name);

/** The leaves of the page tree, in order; stops past `pdfPagesMax` and on loops or depth. */
function pagesOf(context: PDFContext, root: PDFObject | undefined): SourcePage[] {
  const pages: SourcePage[] = [];
  const seen = new Set<PDFObject>();
  const walk = (node: PDFObject | undefined, inherited: Map<PDFName, PDFObject>, depth: number): void => {
    const dict = node instanceof PDFRef ? context.lookup(node) : node;
    if (!(dict instanceof PDFDict) || seen.has(dict) || depth > treeDepthMax) throw unreadable();
    seen.add(dict);
    const here = new Map(inherited);
    for (const key of inheritable) {
      const value = dict.get(key);
      if (value !== undefined) here.set(key, value);
    }
    const kids = dict.lookup(name('Kids'));
    if (dict.lookup(name('Type')) === name('Page') || !(kids instanceof PDFArray)) {
      if (pages.length >= pdfPagesMax) throw unreadable();
      pages.push({ leaf: dict, inherited: here });
      return;
    }
    for (const kid of kids.asArray()) walk(kid, here, depth + 1);
  };
  const catalog = root instanceof PDFRef ? context.lookup(root) : root;
  if (!(catalog instanceof PDFDict)) throw unreadable();
  walk(catalog.get(name('Pages')), new Map(), 0);
  if (pages.length === 0) throw unreadable();
  return pages;
}

/** A box as plain numbers in the target document, or undefined when it is not one. */
function boxOf(object: PDFObject | undefined, source: PDFContext, target: PDFContext): PDFArray | undefined {
  const array = object instanceof PDFRef ? source.lookup(object) : object;
  if (!(array instanceof PDFArray) || array.size() !== 4) return undefined;
  const values = array.asArray().map((v) => (v instanceof PDFRef ? source.lookup(v) : v));
  if (!values.every((v) => v instanceof PDFNumber && Number.isFinite(v.asNumber()))) return undefined;
  return target.obj(values.map((v) => (v as PDFNumber).asNumber()));
}

/** Names that make a PDF act; none may be in the copy's bytes (dictionaries are written as text). */
const activeNames =
  /\/(?:JS|JavaScript|OpenAction|AA|Launch|URI|EmbeddedFiles?|AcroForm|XFA|Annots|RichMedia|SubmitForm|ImportData|GoToE|GoToR|Encrypt)[\s/<>[\]()%]/;
/** Markup a browser sniffing the bytes would run, in a stream kept as sent (an image's or font's). */
const markup = /<\s*(?:script|html|iframe|object|embed|svg|img)[\s>/]|\bon(?:error|load)\s*=/i;

export interface RewrittenPdf {
  bytes: Buffer;
  pages: number;
}

/** The pages of `original` in a new document, or an AppError saying why not. */
export async function rewritePdf(original: Buffer): Promise<RewrittenPdf> {
  try {
    return await decodeBudget.run({ left: pdfDecodedBytesMax, objectsLeft: pdfObjectsMax }, () => rewrite(original));
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Anything the parser, the decoders or the writer threw (a malformed file, a bomb, a stack
    // overflow from nesting) means the file is not one we can vouch for.
    throw unreadable();
  }
}

async function rewrite(original: Buffer): Promise<RewrittenPdf> {
  // Encrypted documents are refused by load itself (no password is given, none is tried):
  // their streams cannot be read, so nothing could be vouched for.
  const source = await PDFDocument.load(original, { updateMetadata: false, parseSpeed: ParseSpeeds.Fast, preserveXFA: false });
  if (source.isEncrypted || source.context.trailerInfo.Encrypt) throw unreadable();
  const pages = pagesOf(source.context, source.context.trailerInfo.Root);
  const target = await PDFDocument.create({ updateMetadata: false });
  const budget = decodeBudget.getStore();
  if (budget) budget.target = target.context;
  const copier = new PageCopier(source.context, target.context);
  for (const page of pages) {
    const get = (key: string) => page.leaf.get(name(key)) ?? page.inherited.get(name(key));
    const mediaBox = boxOf(get('MediaBox'), source.context, target.context);
    if (!mediaBox) throw unreadable();
    const node = target.addPage([1, 1]).node;
    node.set(name('MediaBox'), mediaBox);
    const cropBox = boxOf(get('CropBox'), source.context, target.context);
    if (cropBox) node.set(name('CropBox'), cropBox);
    const rotate = source.context.lookup(get('Rotate'));
    if (rotate instanceof PDFNumber && rotate.asNumber() % 90 === 0) node.set(name('Rotate'), PDFNumber.of(rotate.asNumber()));
    const resources = source.context.lookup(get('Resources'));
    node.set(name('Resources'), resources instanceof PDFDict ? copier.copy(resources) : PDFDict.withContext(target.context));
    // The page's drawing: one stream or an array of them, joined into one (a reader joins them too).
    const contents = source.context.lookup(page.leaf.get(name('Contents')));
    const parts = contents instanceof PDFArray ? contents.asArray().map((p) => source.context.lookup(p)) : contents === undefined ? [] : [contents];
    const drawn: Uint8Array[] = [];
    for (const part of parts) {
      if (!(part instanceof PDFRawStream)) throw unreadable();
      drawn.push(copier.decode(part), Buffer.from('\n'));
    }
    node.set(name('Contents'), target.context.register(copier.flate(PDFDict.withContext(target.context), Buffer.concat(drawn))));
  }
  // Written without object streams, so every dictionary of the copy is readable text below.
  const bytes = Buffer.from(await target.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false }));
  const text = bytes.toString('latin1');
  if (activeNames.test(text) || markup.test(text)) throw new AppError('upload.activeContent');
  return { bytes, pages: pages.length };
}
