/**
 * Bank statements read into lines (decision 091): a CSV file by its bank's saved column mapping,
 * or an ISO 20022 CAMT.053 file through fast-xml-parser. Both are pure: text in, lines out, or an
 * AppError that names what is wrong; nothing is written until every line of the file has been
 * read. The ceilings: the file's size (the contract's `bankStatementCharsMax`), its lines
 * (`bankStatementLinesMax`) and each amount (the one-movement ceiling, `amountMaxMinor`).
 * A CAMT file with a DOCTYPE or an entity declaration is refused before it is parsed, so no entity
 * is ever expanded (XXE, "billion laughs"); the parser is also told not to process entities.
 */
import crypto from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { amountMaxMinor, bankStatementCharsMax, bankStatementLinesMax, pointsScale } from '@pp/contract';
import { AppError } from '../../../errors.ts';

export interface StatementLine {
  lineNo: number;
  /** Equal for the same bank entry in two statements, so an overlap is kept once. */
  key: string;
  bookingDay: string;
  direction: 'credit' | 'debit';
  /** Minor units at scale 6, positive. */
  amount: bigint;
  currency: string;
  reference: string;
  counterparty: string;
  /** The bank marked the entry as the reversal of an earlier one (CAMT RvslInd). */
  isReversal: boolean;
}

export interface CsvMapping {
  delimiter: string;
  decimalSeparator: string;
  dateFormat: string;
  dateColumn: string;
  amountColumn: string;
  referenceColumn: string;
  counterpartyColumn: string;
}

/** Text fields kept from a line: trimmed, control characters out, at most this long. */
const textMax = 200;
const clean = (v: unknown): string =>
  String(v ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, textMax);

/** A reference compared without spaces, dashes or case: how deposit receipts are keyed too. */
export const referenceKey = (text: string): string => text.replace(/[\s-]/g, '').toUpperCase();

function checkSize(content: string): void {
  if (content.length > bankStatementCharsMax) throw new AppError('recon.fileTooLarge');
}

function realDay(y: string, m: string, d: string): string | null {
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day ? null : day;
}

export function parseDay(text: string, format: string): string | null {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if (format === 'YYYY-MM-DD' && (m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(t))) return realDay(m[1]!, m[2]!, m[3]!);
  if (format === 'DD.MM.YYYY' && (m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t))) return realDay(m[3]!, m[2]!, m[1]!);
  if (format === 'DD/MM/YYYY' && (m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) return realDay(m[3]!, m[2]!, m[1]!);
  if (format === 'MM/DD/YYYY' && (m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) return realDay(m[3]!, m[1]!, m[2]!);
  return null;
}

/**
 * A bank's amount as signed minor units at scale 6: `decimal` is the bank's decimal separator; the
 * other one, spaces and apostrophes are thousands separators. A sign may lead or trail ("12,50-").
 */
export function parseBankAmount(text: string, decimal: '.' | ','): bigint | null {
  let t = text.trim().replace(/[\s'\u00a0]/g, '');
  let negative = false;
  if (/^[-+]/.test(t)) {
    negative = t.startsWith('-');
    t = t.slice(1);
  } else if (/[-+]$/.test(t)) {
    negative = t.endsWith('-');
    t = t.slice(0, -1);
  }
  const thousands = decimal === ',' ? '.' : ',';
  const parts = t.split(decimal);
  if (parts.length > 2) return null;
  const whole = parts[0]!.split(thousands).join('');
  const fraction = parts[1] ?? '';
  if (!/^\d{1,15}$/.test(whole) || !/^\d{0,6}$/.test(fraction)) return null;
  const minor = BigInt(whole) * 10n ** BigInt(pointsScale) + BigInt(fraction.padEnd(pointsScale, '0'));
  return negative ? -minor : minor;
}

function lineKey(line: Omit<StatementLine, 'key' | 'lineNo'>, occurrence: number, bankRef: string | null): string {
  if (bankRef) return `ref:${crypto.createHash('sha256').update(bankRef).digest('base64url')}`;
  const text = [
    line.bookingDay,
    line.direction,
    line.amount.toString(),
    line.currency,
    referenceKey(line.reference),
    line.counterparty,
    String(occurrence),
  ].join('|');
  return `row:${crypto.createHash('sha256').update(text).digest('base64url')}`;
}

/** Adds keys: equal lines of one file are told apart by their occurrence, the same in every file that carries them. */
function keyed(lines: Array<Omit<StatementLine, 'key' | 'lineNo'> & { bankRef: string | null }>): StatementLine[] {
  const seen = new Map<string, number>();
  return lines.map(({ bankRef, ...line }, i) => {
    const base = [line.bookingDay, line.direction, line.amount.toString(), referenceKey(line.reference), line.counterparty].join('|');
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return { ...line, lineNo: i + 1, key: lineKey(line, occurrence, bankRef) };
  });
}

function checkedAmount(signed: bigint | null): bigint {
  if (signed === null || signed === 0n) throw new AppError('recon.malformedFile');
  const abs = signed < 0n ? -signed : signed;
  if (abs > amountMaxMinor) throw new AppError('recon.amountTooLarge');
  return abs;
}

/** RFC 4180 rows: quoted fields may hold the delimiter, quotes ("") and line breaks. */
function csvRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      row = [];
      if (rows.length > bankStatementLinesMax + 1) throw new AppError('recon.tooManyLines');
    } else field += c;
  }
  if (quoted) throw new AppError('recon.malformedFile');
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  return rows;
}

export function parseCsvStatement(content: string, mapping: CsvMapping, currency = ''): StatementLine[] {
  checkSize(content);
  const rows = csvRows(content.replace(/^\uFEFF/, ''), mapping.delimiter);
  if (rows.length < 2) throw new AppError('recon.malformedFile');
  if (rows.length - 1 > bankStatementLinesMax) throw new AppError('recon.tooManyLines');
  const header = rows[0]!.map((h) => h.trim().toLowerCase());
  const column = (name: string) => {
    const at = header.indexOf(name.trim().toLowerCase());
    if (at < 0) throw new AppError('recon.malformedFile');
    return at;
  };
  const [date, amount, reference, counterparty] = [mapping.dateColumn, mapping.amountColumn, mapping.referenceColumn, mapping.counterpartyColumn].map(column);
  const lines = rows.slice(1).map((r) => {
    const day = parseDay(r[date!] ?? '', mapping.dateFormat);
    if (!day) throw new AppError('recon.malformedFile');
    const signed = parseBankAmount(r[amount!] ?? '', mapping.decimalSeparator === ',' ? ',' : '.');
    const abs = checkedAmount(signed);
    return {
      bookingDay: day,
      direction: (signed! < 0n ? 'debit' : 'credit') as 'credit' | 'debit',
      amount: abs,
      currency,
      reference: clean(r[reference!]),
      counterparty: clean(r[counterparty!]),
      isReversal: false,
      bankRef: null,
    };
  });
  return keyed(lines);
}

const asArray = <T>(v: T | T[] | undefined | null): T[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
type Node = Record<string, unknown>;
const child = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Node)[k] : undefined), node);
const text = (node: unknown): string => {
  if (node === undefined || node === null) return '';
  if (typeof node === 'object') return String((node as Node)['#text'] ?? '');
  return String(node);
};

/** Refused before parsing: the statement has no business declaring a document type or entities. */
const declarations = /<!(DOCTYPE|ENTITY|ELEMENT|ATTLIST)/i;

export function parseCamt053(content: string): StatementLine[] {
  checkSize(content);
  if (declarations.test(content)) throw new AppError('recon.entitiesRefused');
  if (XMLValidator.validate(content) !== true) throw new AppError('recon.malformedFile');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    processEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
  let doc: unknown;
  try {
    doc = parser.parse(content);
  } catch {
    throw new AppError('recon.malformedFile');
  }
  const statements = asArray(child(doc, 'Document', 'BkToCstmrStmt', 'Stmt') as Node | Node[] | undefined);
  if (statements.length === 0) throw new AppError('recon.malformedFile');
  const entries = statements.flatMap((s) => asArray(child(s, 'Ntry') as Node | Node[] | undefined));
  if (entries.length > bankStatementLinesMax) throw new AppError('recon.tooManyLines');
  const lines = entries.map((entry) => {
    const amt = child(entry, 'Amt');
    const indicator = text(child(entry, 'CdtDbtInd'));
    if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new AppError('recon.malformedFile');
    const rawDay = text(child(entry, 'BookgDt', 'Dt')) || text(child(entry, 'BookgDt', 'DtTm'));
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(rawDay);
    const day = m ? realDay(m[1]!, m[2]!, m[3]!) : null;
    if (!day) throw new AppError('recon.malformedFile');
    const amountText = text(amt);
    if (!/^\d{1,15}(\.\d{1,6})?$/.test(amountText)) throw new AppError('recon.malformedFile');
    const amount = checkedAmount(parseBankAmount(amountText, '.'));
    const details = asArray(child(entry, 'NtryDtls') as Node | Node[] | undefined).flatMap((d) => asArray(child(d, 'TxDtls') as Node | Node[] | undefined));
    const unstructured = details.flatMap((tx) => asArray(child(tx, 'RmtInf', 'Ustrd') as unknown[] | unknown).map(text)).filter(Boolean);
    const endToEnd = details.map((tx) => text(child(tx, 'Refs', 'EndToEndId'))).find((v) => v && v !== 'NOTPROVIDED') ?? '';
    const party = indicator === 'CRDT' ? 'Dbtr' : 'Cdtr';
    const counterparty = details.map((tx) => text(child(tx, 'RltdPties', party, 'Nm')) || text(child(tx, 'RltdPties', party, 'Pty', 'Nm'))).find(Boolean) ?? '';
    const bankRef = text(child(entry, 'AcctSvcrRef')) || text(child(entry, 'NtryRef'));
    return {
      bookingDay: day,
      direction: (indicator === 'CRDT' ? 'credit' : 'debit') as 'credit' | 'debit',
      amount,
      currency: clean(typeof amt === 'object' && amt !== null ? (amt as Node)['@_Ccy'] : ''),
      reference: clean(unstructured.join(' ') || endToEnd),
      counterparty: clean(counterparty),
      isReversal: text(child(entry, 'RvslInd')).toLowerCase() === 'true',
      bankRef: bankRef ? `camt:${bankRef}` : null,
    };
  });
  return keyed(lines);
}
