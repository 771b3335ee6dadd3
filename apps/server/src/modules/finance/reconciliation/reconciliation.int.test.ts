// Proves the bank reconciliation through the API on both databases: a CSV statement (decimal comma,
// day-first dates, a saved column mapping) and a CAMT.053 statement matched against bank deposits
// (amount, receipt number in the reference, date window) and bank payouts; unmatched lines and
// unmatched records both listed; equal lines within a file kept apart, a line two statements share
// kept once, the same file refused the second time; a debit that reverses a credit; hostile files
// (oversized, too many lines, malformed XML, a DOCTYPE with entities, a bad amount) refused with
// nothing written; manual links and notes; the day's sign-off approved by a second staff member
// through the review queues' rule; every keyed write raced 8 at once; the audit trail.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankStatementCharsMax, type BankMapping, type ReconDay } from '@pp/contract';
import { dialects, makeTestApp, registerMember, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { raceEight } from '../../../../test/race.ts';

const day = '2026-03-10';
const at = (hhmm: string, d = day) => Date.parse(`${d}T${hhmm}:00Z`);

const csvStatement = [
  'Buchungstag;Betrag;Verwendungszweck;Auftraggeber',
  '10.03.2026;1.083,60;Deposit TX-2026-0001;Alice Zhang',
  '10.03.2026;-360,00;"Payout PAY-1; salary";Bob Li',
  '10.03.2026;42,00;Unknown;Stranger',
  '10.03.2026;42,00;Unknown;Stranger',
].join('\r\n');
// Overlaps the first: its second and fourth lines are the first file's first and third.
const overlapping = [
  'Buchungstag;Betrag;Verwendungszweck;Auftraggeber',
  '11.03.2026;15,00;Fee refund;Bank',
  '10.03.2026;1.083,60;Deposit TX-2026-0001;Alice Zhang',
  '10.03.2026;42,00;Unknown;Stranger',
].join('\n');

const entry = (ref: string, amount: string, indicator: 'CRDT' | 'DBIT', ustrd: string, party: string, reversal = false) => `
      <Ntry>
        <NtryRef>${ref}</NtryRef>
        <Amt Ccy="CNY">${amount}</Amt>
        <CdtDbtInd>${indicator}</CdtDbtInd>
        ${reversal ? '<RvslInd>true</RvslInd>' : ''}
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${day}</Dt></BookgDt>
        <AcctSvcrRef>${ref}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties><${indicator === 'CRDT' ? 'Dbtr' : 'Cdtr'}><Nm>${party}</Nm></${indicator === 'CRDT' ? 'Dbtr' : 'Cdtr'}></RltdPties>
          <RmtInf><Ustrd>${ustrd}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
const camt = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-${day}</MsgId><CreDtTm>${day}T23:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>S-1</Id>
      <Acct><Id><IBAN>CN000000000000000000</IBAN></Id></Acct>${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
const camtStatement = camt(
  entry('E-1', '720.00', 'CRDT', 'R-720 top up', 'Carol Wu') +
    entry('E-2', '720.00', 'DBIT', 'R-720 top up', 'Carol Wu', true) +
    entry('E-3', '10.00', 'CRDT', 'interest', 'Bank'),
);

describe.each(dialects)('bank reconciliation on %s', (dialect) => {
  let t: TestApp;
  let finance: TestClient;
  let finance2: TestClient;
  let viewer: TestClient;
  let mapping: BankMapping;
  let memberId = '';
  const ids: Record<string, string> = {};
  const counts = async () => {
    const db = t.services.dbHandle.db;
    const [s, l] = await Promise.all([db.selectFrom('recon_statements').select('id').execute(), db.selectFrom('recon_lines').select('id').execute()]);
    return { statements: s.length, lines: l.length };
  };
  const dayView = async (d = day) => {
    const r = await finance.call<ReconDay>('reconDay', { day: d });
    expect(r.code, r.message).toBe(20000);
    return r.data;
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await registerMember(t, 'reconmember');
    const db = t.services.dbHandle.db;
    memberId = (await db.selectFrom('users').select('id').where('user_name', '=', 'reconmember').executeTakeFirstOrThrow()).id;
    finance = await staffClient(t, 'finance', 'Finance@12345');
    finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
    viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    // The records the statements are matched against, as the deposit and payout flows leave them.
    const deposit = (key: string, local: string, receipt: string, created: number) => {
      ids[key] = crypto.randomUUID();
      return db
        .insertInto('bank_deposits')
        .values({
          id: ids[key]!,
          number: `D${key}`,
          member_id: memberId,
          coin_name: 'USDT',
          amount: 1n,
          currency: 'CNY',
          rate: '7.2',
          local_amount: local,
          receipt_number: receipt,
          receipt_number_key: receipt.replace(/[\s-]/g, '').toUpperCase(),
          receipt_upload_id: crypto.randomUUID(),
          other_upload_id: null,
          status: 'approved',
          credit_transfer_id: crypto.randomUUID(),
          review_id: crypto.randomUUID(),
          reject_code: null,
          reject_note: null,
          created_at: created,
          decided_at: created + 60_000,
        })
        .execute();
    };
    const payout = (key: string, local: string, reference: string, paid: number) => {
      ids[key] = crypto.randomUUID();
      return db
        .insertInto('withdrawals')
        .values({
          id: ids[key]!,
          number: `W${key}`,
          member_id: memberId,
          withdrawal_type: 'bank',
          channel: 'bank',
          chain: null,
          coin_name: 'USDT',
          amount: 1n,
          fee: 0n,
          destination: '6222000011112222',
          destination_id: crypto.randomUUID(),
          bank_name: 'Demo Bank',
          account_name: 'Recon Member',
          currency: 'CNY',
          rate: '7.2',
          local_amount: local,
          status: 'success',
          hold_transfer_id: crypto.randomUUID(),
          fee_transfer_id: null,
          review_id: crypto.randomUUID(),
          reject_code: null,
          reject_note: null,
          payout_method: 'bank',
          tx_hash: null,
          raw_tx: null,
          tx_nonce: null,
          bank_reference: reference,
          paid_by_staff_id: null,
          last_error: null,
          created_at: paid - 3_600_000,
          decided_at: paid - 1_800_000,
          processing_at: null,
          paid_at: paid,
        })
        .execute();
    };
    await deposit('dep1', '1083.60', 'TX 2026-0001', at('09:00'));
    await deposit('dep2', '500.00', 'R-500', at('10:00'));
    await deposit('dep3', '720.00', 'R-720', at('11:00'));
    // A deposit of the same amount outside the date window is never matched.
    await deposit('depOld', '42.00', 'Unknown', at('09:00', '2026-02-01'));
    await payout('pay1', '360.00', 'PAY-1', at('12:00'));
    await payout('pay2', '99.00', 'PAY-2', at('13:00'));
  });
  afterAll(async () => t.close());

  it('saves a bank column mapping once for 8 racing sends, and refuses a role without the permission', async () => {
    const body = {
      requestId: crypto.randomUUID(),
      bankName: 'Demo Bank DE',
      delimiter: ';',
      decimalSeparator: ',',
      dateFormat: 'DD.MM.YYYY',
      dateColumn: 'Buchungstag',
      amountColumn: 'Betrag',
      referenceColumn: 'Verwendungszweck',
      counterpartyColumn: 'Auftraggeber',
    };
    const saved = await raceEight('reconMappingSave', () => finance.call<BankMapping>('reconMappingSave', body));
    expect(saved.code, saved.message).toBe(20000);
    mapping = saved.data;
    const list = await finance.call<BankMapping[]>('reconMappingList');
    expect(list.data.filter((m) => m.bankName === 'Demo Bank DE')).toHaveLength(1);
    const audits = await t.services.dbHandle.db.selectFrom('audit_log').select('id').where('action', '=', 'recon.mappingSave').execute();
    expect(audits).toHaveLength(1);
    expect((await viewer.call('reconMappingList')).error).toBe('auth.forbidden');
    expect((await viewer.call('reconImport', { format: 'camt053', fileName: 'x.xml', content: camtStatement })).error).toBe('auth.forbidden');
  });

  it('imports a CSV statement once for 8 racing sends and matches a deposit and a payout', async () => {
    const body = { requestId: crypto.randomUUID(), format: 'csv', mappingId: mapping.id, fileName: 'demo-bank-2026-03-10.csv', content: csvStatement };
    const first = await raceEight('reconImport', () =>
      finance.call<{ lines: number; matched: number; duplicateLines: number; days: string[] }>('reconImport', body),
    );
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toMatchObject({ lines: 4, matched: 2, duplicateLines: 0, days: [day] });
    expect(await counts()).toEqual({ statements: 1, lines: 4 });
    const view = await dayView();
    const byRef = (ref: string) => view.lines.filter((l) => l.reference === ref);
    expect(byRef('Deposit TX-2026-0001')[0]).toMatchObject({
      status: 'matched',
      recordType: 'deposit',
      recordId: ids.dep1,
      amount: '1083.60',
      direction: 'credit',
    });
    expect(byRef('Payout PAY-1; salary')[0]).toMatchObject({
      status: 'matched',
      recordType: 'payout',
      recordId: ids.pay1,
      amount: '360.00',
      direction: 'debit',
    });
    // Two equal lines in one file are two bank entries, both unmatched (the old deposit is outside the window).
    expect(byRef('Unknown').map((l) => l.status)).toEqual(['unmatched', 'unmatched']);
  });

  it('refuses the same file again and keeps a line two statements share once', async () => {
    const again = await finance.call('reconImport', { format: 'csv', mappingId: mapping.id, fileName: 'again.csv', content: csvStatement });
    expect(again.error).toBe('recon.duplicateImport');
    expect(await counts()).toEqual({ statements: 1, lines: 4 });
    const overlap = await finance.call<{ lines: number; duplicateLines: number; days: string[] }>('reconImport', {
      format: 'csv',
      mappingId: mapping.id,
      fileName: 'overlap.csv',
      content: overlapping,
    });
    expect(overlap.code, overlap.message).toBe(20000);
    expect(overlap.data).toMatchObject({ lines: 1, duplicateLines: 2, days: [day, '2026-03-11'] });
    expect(await counts()).toEqual({ statements: 2, lines: 5 });
  });

  it('imports a CAMT.053 statement: a credit reversed by a debit, and an unmatched credit', async () => {
    const made = await finance.call<{ lines: number; matched: number }>('reconImport', { format: 'camt053', fileName: 'camt053.xml', content: camtStatement });
    expect(made.code, made.message).toBe(20000);
    expect(made.data).toMatchObject({ lines: 3, matched: 0 });
    const view = await dayView();
    const camtLines = view.lines.filter((l) => l.currency === 'CNY');
    expect(camtLines.map((l) => [l.direction, l.amount, l.status, l.counterparty])).toEqual([
      ['credit', '720.00', 'reversal', 'Carol Wu'],
      ['debit', '720.00', 'reversal', 'Carol Wu'],
      ['credit', '10.00', 'unmatched', 'Bank'],
    ]);
    // The reversed credit no longer holds its deposit: it is listed unmatched with the others of the day.
    expect(view.unmatchedRecords.map((r) => r.number).sort()).toEqual(['Ddep2', 'Ddep3', 'Wpay2']);
    expect(view.lines.filter((l) => l.status === 'unmatched').map((l) => l.reference)).toEqual(['Unknown', 'Unknown', 'interest']);
  });

  it('refuses hostile files with a clear error and writes nothing', async () => {
    const before = await counts();
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Document>&lol2;</Document>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document><BkToCstmrStmt><Stmt><Ntry>&x;</Ntry></Stmt></BkToCstmrStmt></Document>`;
    const cases: Array<[object, string, 'error' | 'validation']> = [
      [{ format: 'camt053', fileName: 'bomb.xml', content: bomb }, 'recon.entitiesRefused', 'error'],
      [{ format: 'camt053', fileName: 'xxe.xml', content: xxe }, 'recon.entitiesRefused', 'error'],
      [{ format: 'camt053', fileName: 'cut.xml', content: camtStatement.slice(0, 400) }, 'recon.malformedFile', 'error'],
      [{ format: 'camt053', fileName: 'other.xml', content: '<Document><Other/></Document>' }, 'recon.malformedFile', 'error'],
      [{ format: 'camt053', fileName: 'huge.xml', content: camt(entry('E-9', '100000001.00', 'CRDT', 'x', 'y')) }, 'recon.amountTooLarge', 'error'],
      [{ format: 'camt053', fileName: 'big.xml', content: 'x'.repeat(bankStatementCharsMax + 1) }, 'validation.fileTooLarge', 'validation'],
      [
        { format: 'csv', mappingId: mapping.id, fileName: 'bad.csv', content: 'Buchungstag;Betrag;Verwendungszweck;Auftraggeber\n10.03.2026;12,3,4;x;y' },
        'recon.malformedFile',
        'error',
      ],
      [
        { format: 'csv', mappingId: mapping.id, fileName: 'date.csv', content: 'Buchungstag;Betrag;Verwendungszweck;Auftraggeber\n31.02.2026;12,00;x;y' },
        'recon.malformedFile',
        'error',
      ],
      [{ format: 'csv', mappingId: mapping.id, fileName: 'cols.csv', content: 'Datum;Betrag\n10.03.2026;12,00' }, 'recon.malformedFile', 'error'],
      [
        {
          format: 'csv',
          mappingId: mapping.id,
          fileName: 'long.csv',
          content: ['Buchungstag;Betrag;Verwendungszweck;Auftraggeber', ...Array.from({ length: 5001 }, (_, i) => `10.03.2026;${i + 1},00;x;y`)].join('\n'),
        },
        'recon.tooManyLines',
        'error',
      ],
      [{ format: 'csv', fileName: 'nomap.csv', content: csvStatement }, 'recon.mappingNotFound', 'error'],
    ];
    for (const [body, key, kind] of cases) {
      const r = await finance.call('reconImport', body);
      expect(r.status, key).toBeLessThan(500);
      expect(kind === 'error' ? r.error : r.validation, JSON.stringify(body).slice(0, 80)).toBe(key);
    }
    expect(await counts()).toEqual(before);
  });

  it('resolves lines by hand once for 8 racing sends, and signs the day off with a second staff member', async () => {
    const view = await dayView();
    const [unknown1, unknown2] = view.lines.filter((l) => l.reference === 'Unknown');
    const interest = view.lines.find((l) => l.reference === 'interest')!;
    // The day cannot be signed off while lines are unmatched.
    expect((await finance.call('reconSignOff', { day })).error).toBe('recon.dayUnresolved');
    // A link must fit the line's direction, and a record is matched by one line only.
    expect((await finance.call('reconResolve', { action: 'link', lineId: unknown1!.id, recordType: 'payout', recordId: ids.pay2 })).error).toBe(
      'recon.recordNotFound',
    );
    expect((await finance.call('reconResolve', { action: 'link', lineId: unknown1!.id, recordType: 'deposit', recordId: ids.dep1 })).error).toBe(
      'recon.recordTaken',
    );
    expect((await finance.call('reconResolve', { action: 'explain', lineId: unknown1!.id, note: ' ' })).validation).toBe('validation.enterReason');
    const link = {
      requestId: crypto.randomUUID(),
      action: 'link',
      lineId: unknown1!.id,
      recordType: 'deposit',
      recordId: ids.dep2,
      note: 'member sent 42 first',
    };
    const linked = await raceEight('reconResolve', () => finance.call('reconResolve', link));
    expect(linked.data).toEqual({ lineId: unknown1!.id, status: 'linked' });
    expect((await finance.call('reconResolve', { action: 'explain', lineId: unknown1!.id, note: 'again' })).error).toBe('recon.lineResolved');
    for (const line of [unknown2!, interest])
      expect((await finance.call('reconResolve', { action: 'explain', lineId: line.id, note: 'bank charge returned' })).code).toBe(20000);
    const resolved = await dayView();
    expect(resolved.lines.filter((l) => l.status === 'unmatched')).toEqual([]);
    expect(resolved.unmatchedRecords.map((r) => r.number).sort()).toEqual(['Ddep3', 'Wpay2']);

    const ask = { requestId: crypto.randomUUID(), day };
    const asked = await raceEight('reconSignOff', () => finance.call<{ reviewId: string }>('reconSignOff', ask));
    expect(asked.code, asked.message).toBe(20000);
    const items = await t.services.dbHandle.db.selectFrom('review_items').selectAll().where('queue', '=', 'reconciliationDay').execute();
    expect(items).toHaveLength(1);
    expect((await dayView()).status).toBe('awaitingSignOff');
    // The one approval rule: the staff member who asked cannot approve their own sign-off.
    const own = await finance.call<{ results: Array<{ outcome: string; error?: string }> }>('reviewDecide', {
      ids: [asked.data.reviewId],
      decision: 'approve',
      reason: '',
    });
    expect(own.data.results[0]).toMatchObject({ outcome: 'refused', error: 'review.ownItem' });
    const other = await finance2.call<{ results: Array<{ outcome: string }> }>('reviewDecide', { ids: [asked.data.reviewId], decision: 'approve', reason: '' });
    expect(other.data.results[0]!.outcome).toBe('approved');
    expect((await dayView()).status).toBe('signedOff');
    // A signed-off day changes no more: no resolution, no new lines for it.
    expect((await finance.call('reconSignOff', { day })).error).toBe('recon.dayClosed');
    const late = camt(entry('E-7', '5.00', 'CRDT', 'late', 'Bank'));
    expect((await finance.call('reconImport', { format: 'camt053', fileName: 'late.xml', content: late })).error).toBe('recon.dayClosed');
    const actions = (await t.services.dbHandle.db.selectFrom('audit_log').select('action').where('action', 'like', 'recon.%').execute()).map((r) => r.action);
    for (const action of ['recon.import', 'recon.resolve', 'recon.signOffRequest', 'recon.signOff']) expect(actions).toContain(action);
    expect(actions.filter((a) => a === 'recon.signOffRequest')).toHaveLength(1);
  });
});
