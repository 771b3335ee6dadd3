/**
 * A month's statement as the member reads it, once, for both files (decision 092): the texts in
 * the member's language, the amounts at the points' full scale, times in the statement's time zone
 * as "YYYY-MM-DD HH:mm:ss". The CSV keeps the amounts as plain decimals a spreadsheet reads; the
 * PDF shows them grouped for the reader's locale.
 */
import { formatExact, type RecordStatement } from '@pp/contract';

export interface StatementTexts {
  title: string;
  /** "October 2026 · China Standard Time (UTC+08:00)" */
  period: string;
  summaryTitle: string;
  linesTitle: string;
  pointType: string;
  opening: string;
  credits: string;
  debits: string;
  closing: string;
  time: string;
  type: string;
  amount: string;
  balance: string;
  empty: string;
  truncated: string;
  /** "Page {{page}} of {{pages}}" with the placeholders left in. */
  page: string;
  typeName: (type: RecordStatement['lines'][number]['type']) => string;
  coinLabel: (coinName: string) => string;
}

/** "YYYY-MM-DD HH:mm:ss" in `timeZone`, whatever the reader's locale. */
export function statementTime(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** A cell a spreadsheet will not run: text starting with a formula sign gets a quote before it. */
function csvCell(value: string): string {
  const isNumber = /^-?\d+(\.\d+)?$/.test(value);
  const safe = !isNumber && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The statement as CSV: the figures per point type, a blank line, then the movements. UTF-8 with a BOM, so spreadsheets read CJK text. */
export function statementCsv(statement: RecordStatement, texts: StatementTexts): string {
  const row = (cells: string[]) => cells.map(csvCell).join(',');
  const rows = [
    row([texts.title, texts.period]),
    '',
    row([texts.pointType, texts.opening, texts.credits, texts.debits, texts.closing]),
    ...statement.coins.map((c) => row([texts.coinLabel(c.coinName), c.opening, c.credits, c.debits, c.closing])),
    '',
    row([texts.time, texts.type, texts.pointType, texts.amount, texts.balance]),
    ...statement.lines.map((l) =>
      row([statementTime(l.createdAt, statement.timeZone), texts.typeName(l.type), texts.coinLabel(l.coinName), l.amount, l.balance]),
    ),
  ];
  if (statement.isTruncated) rows.push('', row([texts.truncated]));
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** The rows of the PDF, formatted for the reader. */
export function statementTables(statement: RecordStatement, texts: StatementTexts, language: string) {
  const money = (value: string) => formatExact(value, language);
  return {
    summary: {
      head: [texts.pointType, texts.opening, texts.credits, texts.debits, texts.closing],
      rows: statement.coins.map((c) => [texts.coinLabel(c.coinName), money(c.opening), money(c.credits), money(c.debits), money(c.closing)]),
    },
    lines: {
      head: [texts.time, texts.type, texts.pointType, texts.amount, texts.balance],
      rows: statement.lines.map((l) => [
        statementTime(l.createdAt, statement.timeZone),
        texts.typeName(l.type),
        texts.coinLabel(l.coinName),
        money(l.amount),
        money(l.balance),
      ]),
    },
  };
}
