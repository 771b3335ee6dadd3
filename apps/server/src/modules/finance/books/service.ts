/**
 * The books for the accountant (decision 090): a trial balance and the journal of a period, both
 * read from the ledger's journal (`ledger_transfers`), never from a copy, so they agree with it by
 * construction. A balance is the posted one: `posted` transfers and the `post_pending` rows that
 * post a hold; a hold still pending or voided moved no money. Per account class (owner kind and
 * purpose, a system account's stripes summed), point type and transfer code: opening (credits −
 * debits before the period), the period's debits and credits, closing. Days are UTC days.
 */
import { formatMinor, journalDaysMax, journalRowsMax, trialBalanceDaysMax, type TrialBalance, type TrialBalanceRow } from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';

const dayMs = 86_400_000;
const postedKinds = ['posted', 'post_pending'];

/** The period's bounds in ms: from the start of `from` to the end of `to`; refused when reversed or longer than `maxDays`. */
export function periodOf(from: string, to: string, maxDays: number): { fromMs: number; toMs: number } {
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const toMs = Date.parse(`${to}T00:00:00Z`) + dayMs;
  if (!(toMs > fromMs) || (toMs - fromMs) / dayMs > maxDays) throw new AppError('finance.periodInvalid');
  return { fromMs, toMs };
}

/** `member:available`, `system:fees`: an account's class, a system account's stripe number dropped. */
export const accountClass = (isSystem: number | bigint, purpose: string) => `${Number(isSystem) === 1 ? 'system' : 'member'}:${purpose.replace(/#\d+$/, '')}`;

const big = (v: unknown) => BigInt(String(v ?? 0));

/** A CSV field: quoted when it holds a delimiter, quote or line break; text that a spreadsheet would run as a formula is prefixed with a quote. */
export function csvField(value: string | number): string {
  let v = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}
const csvLine = (fields: Array<string | number>) => fields.map(csvField).join(',');

export class BooksService {
  constructor(private readonly db: Db) {}

  async trialBalance(from: string, to: string): Promise<TrialBalance> {
    const { fromMs, toMs } = periodOf(from, to, trialBalanceDaysMax);
    const side = (column: 'debit_account_id' | 'credit_account_id') =>
      this.db
        .selectFrom('ledger_transfers as t')
        .innerJoin('ledger_accounts as a', 'a.id', `t.${column}`)
        .select((eb) => [
          't.coin_name',
          'a.is_system',
          'a.purpose',
          't.code',
          eb.fn.sum<string | number | bigint>(eb.case().when('t.created_at', '<', fromMs).then(eb.ref('t.amount')).else(0n).end()).as('before'),
          eb.fn.sum<string | number | bigint>(eb.case().when('t.created_at', '>=', fromMs).then(eb.ref('t.amount')).else(0n).end()).as('during'),
        ])
        .where('t.kind', 'in', postedKinds)
        .where('t.created_at', '<', toMs)
        .groupBy(['t.coin_name', 'a.is_system', 'a.purpose', 't.code'])
        .execute();
    const [debits, credits] = await Promise.all([side('debit_account_id'), side('credit_account_id')]);
    const rows = new Map<string, { coinName: string; accountClass: string; code: string; opening: bigint; debits: bigint; credits: bigint }>();
    const entry = (r: { coin_name: string; is_system: number | bigint; purpose: string; code: string }) => {
      const cls = accountClass(r.is_system, r.purpose);
      const k = `${r.coin_name}\u0000${cls}\u0000${r.code}`;
      let e = rows.get(k);
      if (!e) rows.set(k, (e = { coinName: r.coin_name, accountClass: cls, code: r.code, opening: 0n, debits: 0n, credits: 0n }));
      return e;
    };
    for (const r of debits) {
      const e = entry(r);
      e.opening -= big(r.before);
      e.debits += big(r.during);
    }
    for (const r of credits) {
      const e = entry(r);
      e.opening += big(r.before);
      e.credits += big(r.during);
    }
    const sorted = [...rows.values()].sort((a, b) =>
      a.coinName !== b.coinName
        ? a.coinName < b.coinName
          ? -1
          : 1
        : a.accountClass !== b.accountClass
          ? a.accountClass < b.accountClass
            ? -1
            : 1
          : a.code < b.code
            ? -1
            : 1,
    );
    const out: TrialBalanceRow[] = sorted.map((e) => ({
      coinName: e.coinName,
      accountClass: e.accountClass,
      code: e.code,
      opening: formatMinor(e.opening),
      debits: formatMinor(e.debits),
      credits: formatMinor(e.credits),
      closing: formatMinor(e.opening + e.credits - e.debits),
    }));
    const totals = new Map<string, { debits: bigint; credits: bigint }>();
    for (const e of sorted) {
      const t = totals.get(e.coinName) ?? { debits: 0n, credits: 0n };
      t.debits += e.debits;
      t.credits += e.credits;
      totals.set(e.coinName, t);
    }
    const csv = [
      csvLine(['coin', 'account_class', 'code', 'opening', 'debits', 'credits', 'closing']),
      ...out.map((r) => csvLine([r.coinName, r.accountClass, r.code, r.opening, r.debits, r.credits, r.closing])),
    ].join('\r\n');
    return {
      from,
      to,
      rows: out,
      totals: [...totals].map(([coinName, t]) => ({ coinName, debits: formatMinor(t.debits), credits: formatMinor(t.credits) })),
      csv: `${csv}\r\n`,
    };
  }

  /** Every journal row of the period in journal order, as CSV; a period of more than `journalRowsMax` rows is refused whole. */
  async journal(from: string, to: string): Promise<{ from: string; to: string; rowCount: number; csv: string }> {
    const { fromMs, toMs } = periodOf(from, to, journalDaysMax);
    const rows = await this.db
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
      .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
      .select([
        't.seq',
        't.id',
        't.created_at',
        't.code',
        't.kind',
        't.state',
        't.coin_name',
        't.amount',
        't.pending_id',
        't.memo',
        'd.owner as d_owner',
        'd.purpose as d_purpose',
        'd.is_system as d_system',
        'c.owner as c_owner',
        'c.purpose as c_purpose',
        'c.is_system as c_system',
      ])
      .where('t.created_at', '>=', fromMs)
      .where('t.created_at', '<', toMs)
      .orderBy('t.seq')
      .limit(journalRowsMax + 1)
      .execute();
    if (rows.length > journalRowsMax) throw new AppError('finance.journalTooLarge');
    const account = (owner: string, purpose: string, system: number | bigint) => (Number(system) === 1 ? `system:${purpose}` : `member:${owner}:${purpose}`);
    const csv = [
      csvLine([
        'seq',
        'transfer_id',
        'time_utc',
        'code',
        'kind',
        'state',
        'coin',
        'amount',
        'debit_account',
        'debit_class',
        'credit_account',
        'credit_class',
        'pending_id',
        'memo',
      ]),
      ...rows.map((r) =>
        csvLine([
          num(r.seq),
          r.id,
          new Date(num(r.created_at)).toISOString(),
          r.code,
          r.kind,
          r.state,
          r.coin_name,
          formatMinor(BigInt(r.amount)),
          account(r.d_owner, r.d_purpose, r.d_system),
          accountClass(r.d_system, r.d_purpose),
          account(r.c_owner, r.c_purpose, r.c_system),
          accountClass(r.c_system, r.c_purpose),
          r.pending_id ?? '',
          r.memo,
        ]),
      ),
    ].join('\r\n');
    return { from, to, rowCount: rows.length, csv: `${csv}\r\n` };
  }
}
