// Proves bank deposits through the API: configuration, the amount rules (minimum 50, configured
// multiple and maximum), a real JPEG receipt from upload through staff approval to a credited
// balance, rejection with the reason the member sees, duplicate receipt numbers and images
// flagged to the reviewer, four-eyes above the threshold, idempotent and concurrent submissions,
// a receipt read back by its member only (another member's and a missing one: upload.notFound),
// and the books balanced at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankDepositConfig, DepositRecord, RecordEntry, ReviewItem, UploadInfo } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { setSetting } from '../../../../test/settings.ts';
import * as files from '../../../../test/upload-files.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { receiptNumberKey } from './service.ts';

type Decided = { results: Array<{ id: string; outcome: string; error?: string }> };

describe.each(dialects)('bank deposits on %s', (dialect) => {
  let t: TestApp;
  let m: TestClient;
  let other: TestClient;
  let finance: TestClient;
  let finance2: TestClient;
  let seq = 0;
  const rid = () => `bankdep-${dialect}-${String(++seq).padStart(10, '0')}`;
  const usdt = async (c: TestClient) => (await c.call<Array<Record<string, string>>>('assetsList')).data.find((a) => a.coinName === 'USDT')!;
  const uploadPhoto = async (c: TestClient, width = 900) => {
    const made = await c.call<UploadInfo>('uploadCreate', { fileName: 'receipt.jpg', content: (await files.photoWithExif(width, 700)).toString('base64') });
    expect(made.code, made.message).toBe(20000);
    return made.data.id;
  };
  const queueItem = async (number: string) => {
    const list = await finance.call<{ items: ReviewItem[] }>('reviewList', { queue: 'bankDeposit', pageSize: 100 });
    return list.data.items.find((i) => i.summary.depositNumber === number)!;
  };
  const settle = async () => {
    // Clears the member's queue so the pending limit does not get in the next test's way.
    const list = await finance.call<{ items: ReviewItem[] }>('reviewList', { queue: 'bankDeposit', status: 'pending', pageSize: 100 });
    const ids = list.data.items.map((i) => i.id);
    if (ids.length > 0) await finance.call('reviewDecide', { ids, decision: 'reject', reasonCode: 'other', reason: 'cleanup' });
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await registerMember(t, 'depositor');
    await registerMember(t, 'otherdep');
    m = new TestClient(t.app, t.serverKey.publicJwk);
    m.token = await login({ ...t, client: m }, 'depositor', 'Passw0rd!x');
    other = new TestClient(t.app, t.serverKey.publicJwk);
    other.token = await login({ ...t, client: other }, 'otherdep', 'Passw0rd!x');
    finance = await staffClient(t, 'finance', 'Finance@12345');
    finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  it('gives the page its configuration: recipient, rate, window and limits', async () => {
    const cfg = await m.call<BankDepositConfig>('bankDepositConfig');
    expect(cfg.data).toMatchObject({
      recipient: { bankName: 'Demo Bank', accountName: 'Points Portal Ltd.', accountNumber: '6222000011112222' },
      currency: 'CNY',
      rate: '7.2',
      window: { from: '09:00', to: '21:00', timeZone: 'Asia/Shanghai' },
      minimum: '50',
      maximum: '100000',
      multipleOf: '0',
      mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
    });
  });

  it('applies the amount rules with the spec messages', async () => {
    const receiptFileId = await uploadPhoto(m);
    const base = { receiptNumber: 'R-1', receiptFileId };
    expect(await m.call('deposit', { ...base, amount: '49.99', requestId: rid() })).toMatchObject({ field: 'amount', message: 'Minimum amount 50' });
    expect(await m.call('deposit', { ...base, amount: '100001', requestId: rid() })).toMatchObject({ field: 'amount', message: 'Maximum amount 100000' });
    expect(await m.call('deposit', { ...base, amount: '', requestId: rid() })).toMatchObject({ field: 'amount', message: 'Please enter an amount' });
    expect(await m.call('deposit', { ...base, receiptNumber: ' ', amount: '100', requestId: rid() })).toMatchObject({
      field: 'receiptNumber',
      message: 'Please enter the receipt number',
    });
    expect(await m.call('deposit', { receiptNumber: 'R', amount: '100', requestId: rid() })).toMatchObject({
      field: 'receiptFileId',
      message: 'Please upload the receipt',
    });
    await setSetting(t, 'deposit.multipleOf', '63', 'spec example');
    expect(await m.call('deposit', { ...base, amount: '100', requestId: rid() })).toMatchObject({ field: 'amount', message: 'Please enter a multiple of 63' });
    await setSetting(t, 'deposit.multipleOf', '0', 'back to no step');
    // Another member's file cannot be used as a receipt, nor can a made-up id.
    const theirs = await uploadPhoto(other);
    expect((await m.call('deposit', { ...base, receiptFileId: theirs, amount: '100', requestId: rid() })).error).toBe('upload.notFound');
    expect((await m.call('deposit', { ...base, otherFileId: theirs, amount: '100', requestId: rid() })).error).toBe('upload.notFound');
    expect((await m.call<{ items: DepositRecord[] }>('depositRecordList', {})).data.items).toHaveLength(0);
  });

  it('takes a deposit from a real JPEG receipt through staff approval to a credited balance', async () => {
    const receiptFileId = await uploadPhoto(m);
    const otherFileId = (await m.call<UploadInfo>('uploadCreate', { fileName: 'statement.pdf', content: files.cleanPdf().toString('base64') })).data.id;
    const before = await usdt(m);
    const made = await m.call<{ id: string; number: string; status: string }>('deposit', {
      amount: '150.5',
      receiptNumber: 'TX 2026-0001',
      receiptFileId,
      otherFileId,
      requestId: rid(),
    });
    expect(made.code, made.message).toBe(20000);
    expect(made.data.status).toBe('pendingReview');
    // Waiting: nothing to spend yet, and the member's records say so.
    expect((await usdt(m)).assetsAvailable).toBe(before.assetsAvailable);
    const records = await m.call<{ items: RecordEntry[] }>('assetsRecordList', { type: 'deposit' });
    expect(records.data.items[0]).toMatchObject({ type: 'deposit', amount: '150.500000', status: 'pendingReview', movement: 'in' });
    const list = await m.call<{ items: DepositRecord[] }>('depositRecordList', {});
    expect(list.data.items[0]).toMatchObject({
      number: made.data.number,
      channel: 'bank',
      amount: '150.500000',
      currency: 'CNY',
      rate: '7.2',
      localAmount: '1083.60',
      receiptNumber: 'TX 2026-0001',
      receiptFileId,
      otherFileId,
      status: 'pendingReview',
      rejectReasonCode: null,
    });
    // The reviewer sees the amounts, both files (fetched with the staff session) and no duplicate flag.
    const item = await queueItem(made.data.number);
    expect(item).toMatchObject({ status: 'pending', amount: '150.500000', coinName: 'USDT', memberName: 'depositor' });
    expect(item.summary).toMatchObject({
      receiptNumber: 'TX 2026-0001',
      localAmount: '1083.60',
      currency: 'CNY',
      duplicateReceiptNumber: null,
      duplicateImage: null,
    });
    expect(item.evidence).toEqual([
      { label: 'receiptFile', value: `upload:${receiptFileId}`, isImage: true },
      { label: 'otherFile', value: `upload:${otherFileId}`, isImage: false },
    ]);
    expect((await finance.call<{ mimeType: string }>('staffUploadFile', { id: receiptFileId })).data.mimeType).toBe('image/jpeg');
    const decided = await finance.call<Decided>('reviewDecide', { ids: [item.id], decision: 'approve' });
    expect(decided.data.results[0]!.outcome).toBe('approved');
    expect((await usdt(m)).assetsAvailable).toBe((Number(before.assetsAvailable) + 150.5).toFixed(6));
    expect((await m.call<{ items: RecordEntry[] }>('assetsRecordList', { type: 'deposit' })).data.items[0]).toMatchObject({
      status: 'success',
      amount: '150.500000',
    });
    expect((await m.call<{ items: DepositRecord[] }>('depositRecordList', {})).data.items[0]).toMatchObject({ status: 'approved' });
    // Decided once: a second approval is refused and credits nothing.
    expect((await finance2.call<Decided>('reviewDecide', { ids: [item.id], decision: 'approve' })).data.results[0]).toMatchObject({
      outcome: 'refused',
      error: 'review.notPending',
    });
    expect((await usdt(m)).assetsAvailable).toBe((Number(before.assetsAvailable) + 150.5).toFixed(6));
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });

  it("shows a deposit's receipt to its member only: another member's receipt and a missing one are the same not found", async () => {
    const receiptFileId = await uploadPhoto(m);
    const made = await m.call<{ number: string }>('deposit', { amount: '80', receiptNumber: `OWN-${dialect}`, receiptFileId, requestId: rid() });
    expect(made.code, made.message).toBe(20000);
    const record = (await m.call<{ items: DepositRecord[] }>('depositRecordList', {})).data.items.find((r) => r.number === made.data.number)!;
    expect(record.receiptFileId).toBe(receiptFileId);
    // The member reads the receipt the record names, through the sealed call: the stored JPEG.
    const own = await m.call<UploadInfo & { content: string }>('uploadFile', { id: record.receiptFileId });
    expect(own.code, own.message).toBe(20000);
    expect(own.data).toMatchObject({ id: receiptFileId, mimeType: 'image/jpeg', fileName: 'receipt.jpg' });
    expect([...Buffer.from(own.data.content, 'base64').subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // Another member asking for it by its id gets upload.notFound and no bytes ...
    const refused = await other.call('uploadFile', { id: record.receiptFileId });
    expect(refused).toMatchObject({ error: 'upload.notFound', data: null, status: 200 });
    expect(refused.code).not.toBe(20000);
    // ... exactly what an id that does not exist gets, so a guess learns nothing.
    for (const id of ['00000000-0000-0000-0000-000000000000', `${receiptFileId.slice(0, -1)}0`]) {
      const missing = await other.call('uploadFile', { id });
      expect(missing).toMatchObject({ error: 'upload.notFound', data: null, status: 200, code: refused.code, message: refused.message });
    }
    expect((await m.call('uploadFile', { id: '00000000-0000-0000-0000-000000000000' })).error).toBe('upload.notFound');
    // Staff still see it beside the review.
    expect((await finance.call<{ mimeType: string }>('staffUploadFile', { id: receiptFileId })).data.mimeType).toBe('image/jpeg');
    await settle();
  });

  it('rejects with a reason the member reads, and the balance stays', async () => {
    const before = await usdt(m);
    const made = await m.call<{ number: string }>('deposit', { amount: '60', receiptNumber: 'REJ-1', receiptFileId: await uploadPhoto(m), requestId: rid() });
    const item = await queueItem(made.data.number);
    const decided = await finance.call<Decided>('reviewDecide', {
      ids: [item.id],
      decision: 'reject',
      reasonCode: 'amountMismatch',
      reason: 'the receipt shows 400 CNY',
    });
    expect(decided.data.results[0]!.outcome).toBe('rejected');
    expect(await usdt(m)).toMatchObject({ assetsAvailable: before.assetsAvailable });
    expect((await m.call<{ items: DepositRecord[] }>('depositRecordList', { status: 'rejected' })).data.items[0]).toMatchObject({
      number: made.data.number,
      status: 'rejected',
      rejectReasonCode: 'amountMismatch',
      rejectReason: 'the receipt shows 400 CNY',
    });
    const record = (await m.call<{ items: RecordEntry[] }>('assetsRecordList', { type: 'deposit', status: 'rejected' })).data.items[0];
    expect(record).toMatchObject({ status: 'rejected', rejectReasonCode: 'amountMismatch', rejectReason: 'the receipt shows 400 CNY', returned: null });
  });

  it('flags the same receipt number and the same image to the reviewer', async () => {
    const photo = await files.photoWithExif(700, 500);
    const send = async (c: TestClient, receiptNumber: string, bytes: Buffer) => {
      const file = await c.call<UploadInfo>('uploadCreate', { fileName: 'r.jpg', content: bytes.toString('base64') });
      return (await c.call<{ number: string }>('deposit', { amount: '70', receiptNumber, receiptFileId: file.data.id, requestId: rid() })).data.number;
    };
    const first = await send(m, 'DUP-777 001', photo);
    // Another member, the same number typed differently, a different image.
    const sameNumber = await send(other, 'dup777-001', await files.plainPng(500, 300, '#223344'));
    // The same photo again under a new number.
    const sameImage = await send(other, 'NEW-1', photo);
    expect(receiptNumberKey('DUP-777 001')).toBe(receiptNumberKey('dup777-001'));
    expect((await queueItem(first)).summary).toMatchObject({ duplicateReceiptNumber: null, duplicateImage: null });
    expect((await queueItem(sameNumber)).summary).toMatchObject({ duplicateReceiptNumber: first, duplicateImage: null });
    expect((await queueItem(sameImage)).summary).toMatchObject({ duplicateReceiptNumber: null, duplicateImage: first });
    await settle();
  });

  it('needs two finance approvals above the four-eyes amount', async () => {
    const before = await usdt(m);
    const made = await m.call<{ number: string }>('deposit', { amount: '2000', receiptNumber: 'BIG-1', receiptFileId: await uploadPhoto(m), requestId: rid() });
    const item = await queueItem(made.data.number);
    expect(item.needsSecondApproval).toBe(true);
    expect((await finance.call<Decided>('reviewDecide', { ids: [item.id], decision: 'approve' })).data.results[0]!.outcome).toBe('awaitingSecond');
    expect((await usdt(m)).assetsAvailable).toBe(before.assetsAvailable);
    expect((await finance.call<Decided>('reviewDecide', { ids: [item.id], decision: 'approve' })).data.results[0]!.error).toBe('review.sameApprover');
    expect((await finance2.call<Decided>('reviewDecide', { ids: [item.id], decision: 'approve' })).data.results[0]!.outcome).toBe('approved');
    expect((await usdt(m)).assetsAvailable).toBe((Number(before.assetsAvailable) + 2000).toFixed(6));
  });

  it('makes one order of a submission sent twice, or many times at once; a reused id with another body is refused', async () => {
    const receiptFileId = await uploadPhoto(m);
    const body = { amount: '80', receiptNumber: 'IDEM-1', receiptFileId, requestId: rid() };
    const first = await m.call<{ id: string }>('deposit', body);
    const again = await m.call<{ id: string }>('deposit', body);
    expect(again.data.id).toBe(first.data.id);
    expect((await m.call('deposit', { ...body, amount: '90' })).error).toBe('ledger.requestIdReused');
    const raced = { ...body, receiptNumber: 'IDEM-2', requestId: rid() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => m.call<{ id: string }>('deposit', raced)));
    expect(answers.every((a) => a.code === 20000)).toBe(true);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const rows = await t.services.dbHandle.db.selectFrom('bank_deposits').select('id').where('receipt_number', 'in', ['IDEM-1', 'IDEM-2']).execute();
    expect(rows).toHaveLength(2);
    await settle();
  });

  // races: deposit
  it('makes one deposit, one pending credit and one review item of 8 parallel identical sends, each answered alike and none a 500', async () => {
    await settle();
    const db = t.services.dbHandle.db;
    const body = { amount: '75', receiptNumber: `RACE8-${dialect}`, receiptFileId: await uploadPhoto(m), requestId: rid() };
    const answers = await Promise.all(Array.from({ length: 8 }, () => m.call<{ id: string; number: string; status: string }>('deposit', body)));
    for (const answer of answers) {
      expect(answer.status, answer.message).toBe(200);
      expect(answer.code, answer.message).toBe(20000);
      expect(answer.data).toEqual(answers[0]!.data);
    }
    const rows = await db.selectFrom('bank_deposits').select(['id', 'credit_transfer_id']).where('receipt_number', '=', body.receiptNumber).execute();
    expect(rows.map((r) => r.id)).toEqual([answers[0]!.data.id]);
    expect(await db.selectFrom('ledger_transfers').select('id').where('memo', '=', answers[0]!.data.number).execute()).toEqual([
      { id: rows[0]!.credit_transfer_id },
    ]);
    expect(await db.selectFrom('review_items').select('id').where('subject_id', '=', rows[0]!.credit_transfer_id).execute()).toHaveLength(1);
    // The same key with another receipt number is another request under a key that promised one.
    const reused = await m.call('deposit', { ...body, receiptNumber: `${body.receiptNumber}-B` });
    expect(reused).toMatchObject({ status: 200, error: 'ledger.requestIdReused' });
    expect(await db.selectFrom('bank_deposits').select('id').where('receipt_number', '=', `${body.receiptNumber}-B`).execute()).toHaveLength(0);
    await settle();
  });

  it('limits the deposits one member has waiting, even when they arrive at once', async () => {
    await settle();
    const file = await uploadPhoto(m);
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => m.call('deposit', { amount: '51', receiptNumber: `RACE-${i}`, receiptFileId: file, requestId: rid() })),
    );
    expect(burst.filter((r) => r.code === 20000)).toHaveLength(3);
    expect(burst.filter((r) => r.error === 'deposit.tooManyPending')).toHaveLength(3);
    await settle();
  });

  it('limits the deposits one member has waiting, and two staff deciding at once credit once', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        (await m.call<{ number: string }>('deposit', { amount: '55', receiptNumber: `LIM-${i}`, receiptFileId: await uploadPhoto(m), requestId: rid() })).data
          .number,
      );
    }
    expect(await m.call('deposit', { amount: '55', receiptNumber: 'LIM-9', receiptFileId: await uploadPhoto(m), requestId: rid() })).toMatchObject({
      error: 'deposit.tooManyPending',
      message: 'You already have 3 deposits pending review; wait until they are reviewed',
    });
    // Sent at once, the limit still holds: none of these gets past it.
    const file = await uploadPhoto(m);
    const burst = await Promise.all(
      Array.from({ length: 4 }, (_, i) => m.call('deposit', { amount: '55', receiptNumber: `LIM-B${i}`, receiptFileId: file, requestId: rid() })),
    );
    expect(burst.map((r) => r.error)).toEqual(Array(4).fill('deposit.tooManyPending'));
    const before = await usdt(m);
    const item = await queueItem(made[0]!);
    const [a, b] = await Promise.all([
      finance.call<Decided>('reviewDecide', { ids: [item.id], decision: 'approve' }),
      finance2.call<Decided>('reviewDecide', { ids: [item.id], decision: 'approve' }),
    ]);
    expect([a.data.results[0]!.outcome, b.data.results[0]!.outcome].sort()).toEqual(['approved', 'refused']);
    expect((await usdt(m)).assetsAvailable).toBe((Number(before.assetsAvailable) + 55).toFixed(6));
    await settle();
  });
});
