// Proves the statement's CSV: a BOM for spreadsheets, the figures per point type, the movements
// with times in the statement's zone, formulas defused, and the cut-off note when lines were cut.
import { describe, expect, it } from 'vitest';
import type { RecordStatement } from '@pp/contract';
import { statementCsv, statementTables, statementTime, type StatementTexts } from './statement-document';

const texts: StatementTexts = {
  title: 'Statement',
  period: 'October 2026',
  summaryTitle: 'Balances',
  linesTitle: 'Movements',
  pointType: 'Point type',
  opening: 'Opening',
  credits: 'In',
  debits: 'Out',
  closing: 'Closing',
  time: 'Time',
  type: 'Type',
  amount: 'Amount',
  balance: 'Balance',
  empty: 'None',
  truncated: 'Cut',
  page: 'Page {{page}} of {{pages}}',
  typeName: (type) => (type === 'airdrop' ? '=HYPERLINK("x")' : type),
  coinLabel: (coin) => (coin === 'USDT' ? 'USDT, Tether' : coin),
};
const statement: RecordStatement = {
  month: '2026-10',
  timeZone: 'Asia/Shanghai',
  fromMs: Date.UTC(2026, 8, 30, 16),
  toMs: Date.UTC(2026, 9, 31, 16),
  coins: [{ coinName: 'USDT', opening: '10.000000', credits: '5.000000', debits: '2.500000', closing: '12.500000' }],
  lines: [
    { id: 'a', createdAt: Date.UTC(2026, 8, 30, 16), type: 'airdrop', coinName: 'USDT', amount: '5.000000', balance: '15.000000' },
    { id: 'b', createdAt: Date.UTC(2026, 9, 2, 3, 4, 5), type: 'withdraw', coinName: 'USDT', amount: '-2.500000', balance: '12.500000' },
  ],
  isTruncated: false,
};

describe('statementCsv', () => {
  const csv = statementCsv(statement, texts);
  const rows = csv.replace('\uFEFF', '').trimEnd().split('\r\n');

  it('starts with a BOM and lists the figures, then the movements', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(rows[2]).toBe('Point type,Opening,In,Out,Closing');
    expect(rows[3]).toBe('"USDT, Tether",10.000000,5.000000,2.500000,12.500000');
    expect(rows[5]).toBe('Time,Type,Point type,Amount,Balance');
    expect(rows[7]).toBe('2026-10-02 11:04:05,withdraw,"USDT, Tether",-2.500000,12.500000');
  });

  it('puts a quote before a cell a spreadsheet would run, not before a negative amount', () => {
    expect(rows[6]).toBe(`2026-10-01 00:00:00,"'=HYPERLINK(""x"")","USDT, Tether",5.000000,15.000000`);
  });

  it('says when the lines were cut', () => {
    expect(
      statementCsv({ ...statement, isTruncated: true }, texts)
        .trimEnd()
        .endsWith('Cut'),
    ).toBe(true);
  });
});

describe('statementTime and statementTables', () => {
  it('writes times in the statement zone whatever the reader', () => {
    expect(statementTime(Date.UTC(2026, 8, 30, 16), 'Asia/Shanghai')).toBe('2026-10-01 00:00:00');
  });

  it('formats the PDF rows for the reader', () => {
    const tables = statementTables(statement, texts, 'en-US');
    expect(tables.summary.rows[0]).toEqual(['USDT, Tether', '10.00', '5.00', '2.50', '12.50']);
    expect(tables.lines.rows[1]![3]).toBe('-2.50');
  });
});
