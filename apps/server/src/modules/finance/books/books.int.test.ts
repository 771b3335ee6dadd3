// Proves the books for the accountant against the ledger itself: after a run of varied money
// movements (posted transfers of several codes and point types, holds posted and holds voided,
// system stripes, member-to-member), the trial balance's closing per account class equals the
// accounts' posted balances, every point type's debits equal its credits, the opening of a later
// period equals the closing of the earlier one, and the journal CSV holds exactly the period's
// journal rows, whose amounts summed by class give the trial balance's movements. Also the
// period ceilings and the permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialBalance } from '@pp/contract';
import { formatMinor } from '@pp/contract';
import { dialects, makeTestApp, registerMember, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { settled, verifyLedger, type TransferCode } from '../../wallet/ledger/index.ts';
import { accountClass } from './service.ts';

const today = () => new Date().toISOString().slice(0, 10);
const units = (n: number) => BigInt(Math.round(n * 1_000_000));

/** CSV rows as fields (the books write no quoted line breaks, so a plain split is enough here). */
function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => {
      const out: string[] = [];
      let field = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (quoted) {
          if (c === '"' && line[i + 1] === '"') {
            field += '"';
            i++;
          } else if (c === '"') quoted = false;
          else field += c;
        } else if (c === '"') quoted = true;
        else if (c === ',') {
          out.push(field);
          field = '';
        } else field += c;
      }
      out.push(field);
      return out;
    });
}

describe.each(dialects)('books for the accountant on %s', (dialect) => {
  let t: TestApp;
  let finance: TestClient;
  let viewer: TestClient;
  const members: string[] = [];

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    for (const name of ['bookone', 'booktwo', 'bookthree']) {
      await registerMember(t, name);
      const row = await t.services.dbHandle.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow();
      members.push(row.id);
    }
    finance = await staffClient(t, 'finance', 'Finance@12345');
    viewer = await staffClient(t, 'viewer', 'Viewer@12345');
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  it('agrees with the ledger after varied money movements', async () => {
    const ledger = t.services.ledger;
    const member = (i: number, coinName = 'USDT', purpose = 'available') => ({ owner: members[i]!, coinName, purpose });
    const system = (purpose: string, coinName = 'USDT') => ({ owner: 'system', coinName, purpose });
    const move = async (
      code: TransferCode,
      coinName: string,
      amount: number,
      debit: ReturnType<typeof member>,
      credit: ReturnType<typeof member>,
      isPending = false,
    ) => settled(await ledger.transfer({ requestId: null, code, coinName, amount: units(amount), debit, credit, isPending }));
    for (let i = 0; i < 3; i++) {
      await move('airdrop', 'USDT', 1000 + i * 10.5, system('airdrop'), member(i));
      await move('airdrop', 'ASSETS_POINT', 300 + i, system('airdrop', 'ASSETS_POINT'), member(i, 'ASSETS_POINT'));
      await move('deposit', 'USDT', 250.25, system('bankDeposit'), member(i));
    }
    await move('internalTransfer', 'USDT', 120, member(0), member(1));
    await move('bonusFee', 'USDT', 1.2, member(0), system('fees'));
    await move('bonusFeeBonus', 'USDT', 12, system('transferBonus'), member(1));
    await move('buyMatching', 'USDT', 400, member(2), member(2, 'USDT', 'fixed'));
    // A hold posted, a hold voided, a hold left pending: only the first moves a balance.
    const posted = await move('withdraw', 'USDT', 100, member(1), system('withdrawals'), true);
    settled(await ledger.resolvePending(posted.id, 'post'));
    const voided = await move('withdraw', 'USDT', 50, member(0), system('withdrawals'), true);
    settled(await ledger.resolvePending(voided.id, 'void'));
    await move('underweight', 'USDT', 30, member(2), system('underweight'), true);
    await move('convert', 'ASSETS_POINT', 20, member(0, 'ASSETS_POINT'), system('exchange', 'ASSETS_POINT'));

    const tb = await finance.call<TrialBalance>('financeTrialBalance', { from: today(), to: today() });
    expect(tb.code, tb.message).toBe(20000);
    // Each class's closing is its accounts' posted balance, straight from ledger_accounts.
    const accounts = await t.services.dbHandle.db.selectFrom('ledger_accounts').selectAll().execute();
    const posted$ = new Map<string, bigint>();
    for (const a of accounts) {
      const k = `${a.coin_name}|${accountClass(a.is_system, a.purpose)}`;
      posted$.set(k, (posted$.get(k) ?? 0n) + BigInt(a.credits_posted) - BigInt(a.debits_posted));
    }
    const closing = new Map<string, bigint>();
    for (const r of tb.data.rows) {
      const k = `${r.coinName}|${r.accountClass}`;
      closing.set(k, (closing.get(k) ?? 0n) + units(Number(r.closing)));
    }
    for (const [k, v] of posted$) expect(formatMinor(closing.get(k) ?? 0n), k).toBe(formatMinor(v));
    // The held withdrawal that was posted counts; the voided and the pending ones do not.
    expect(closing.get('USDT|system:withdrawals')! >= units(100)).toBe(true);
    expect(closing.has('USDT|system:underweight')).toBe(false);
    // Double entry: per point type, the period's debits equal its credits, and the closings sum to zero.
    for (const total of tb.data.totals) expect(total.debits, total.coinName).toBe(total.credits);
    const sumByCoin = new Map<string, bigint>();
    for (const [k, v] of closing) sumByCoin.set(k.split('|')[0]!, (sumByCoin.get(k.split('|')[0]!) ?? 0n) + v);
    for (const [coin, sum] of sumByCoin) expect(sum, coin).toBe(0n);
    // The CSV is the same table.
    const tbCsv = parseCsv(tb.data.csv);
    expect(tbCsv[0]).toEqual(['coin', 'account_class', 'code', 'opening', 'debits', 'credits', 'closing']);
    expect(tbCsv).toHaveLength(tb.data.rows.length + 1);

    // A period starting tomorrow opens with today's closing and moves nothing.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const next = await finance.call<TrialBalance>('financeTrialBalance', { from: tomorrow, to: tomorrow });
    for (const r of next.data.rows) {
      const same = tb.data.rows.find((x) => x.coinName === r.coinName && x.accountClass === r.accountClass && x.code === r.code)!;
      expect(r.opening).toBe(same.closing);
      expect([r.debits, r.credits]).toEqual(['0.000000', '0.000000']);
    }

    // The journal of today: every journal row of the day, in journal order; its amounts give the movements.
    const journal = await finance.call<{ rowCount: number; csv: string }>('financeJournal', { from: today(), to: today() });
    expect(journal.code, journal.message).toBe(20000);
    const dayStart = Date.parse(`${today()}T00:00:00Z`);
    const dbRows = await t.services.dbHandle.db
      .selectFrom('ledger_transfers')
      .select(['id', 'seq'])
      .where('created_at', '>=', dayStart)
      .orderBy('seq')
      .execute();
    const csv = parseCsv(journal.data.csv);
    const header = csv[0]!;
    const body = csv.slice(1);
    expect(journal.data.rowCount).toBe(dbRows.length);
    expect(body.map((r) => r[header.indexOf('transfer_id')])).toEqual(dbRows.map((r) => r.id));
    const moved = new Map<string, { debits: bigint; credits: bigint }>();
    const col = (r: string[], name: string) => r[header.indexOf(name)]!;
    for (const r of body) {
      if (!['posted', 'post_pending'].includes(col(r, 'kind'))) continue;
      const amount = units(Number(col(r, 'amount')));
      for (const [side, cls] of [
        ['debits', col(r, 'debit_class')],
        ['credits', col(r, 'credit_class')],
      ] as const) {
        const k = `${col(r, 'coin')}|${cls}|${col(r, 'code')}`;
        const e = moved.get(k) ?? { debits: 0n, credits: 0n };
        e[side] += amount;
        moved.set(k, e);
      }
    }
    for (const r of tb.data.rows) {
      const e = moved.get(`${r.coinName}|${r.accountClass}|${r.code}`) ?? { debits: 0n, credits: 0n };
      expect([formatMinor(e.debits), formatMinor(e.credits)], `${r.accountClass} ${r.code}`).toEqual([r.debits, r.credits]);
    }
  });

  it('refuses a reversed or too long period, and a role without the permission', async () => {
    expect((await finance.call('financeTrialBalance', { from: '2026-02-02', to: '2026-02-01' })).error).toBe('finance.periodInvalid');
    expect((await finance.call('financeJournal', { from: '2026-01-01', to: '2026-03-01' })).error).toBe('finance.periodInvalid');
    expect((await finance.call('financeJournal', { from: '2026-02-30', to: '2026-03-01' })).validation).toBe('validation.invalidDate');
    expect((await viewer.call('financeTrialBalance', { from: today(), to: today() })).error).toBe('auth.forbidden');
  });
});
