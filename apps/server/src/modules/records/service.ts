/**
 * A member's transaction records: the ledger transfers that touch any of the member's accounts,
 * newest first, keyset-paged on the journal order. A pending transfer shows as pending review
 * until it is posted (success) or voided (failed).
 */
import { revenueTypes, type RecordEntry, type TransactionStatus, type TransactionType } from '@pp/contract';
import type { Db } from '../../db/index.ts';
import { num } from '../../db/index.ts';
import { formatMinor } from '../ledger/amounts.ts';
import { cursorNumber } from '../../db/keyset.ts';

export interface RecordFilter {
  status?: TransactionStatus;
  type?: TransactionType;
  coinName?: string;
  fromMs?: number;
  toMs?: number;
  cursor?: string;
  pageSize: number;
}

function statusOf(kind: string, state: string): TransactionStatus {
  if (kind === 'posted') return 'success';
  if (state === 'pending') return 'pendingReview';
  return state === 'posted' ? 'success' : 'failed';
}

export class RecordService {
  constructor(private readonly db: Db) {}

  async list(memberId: string, filter: RecordFilter): Promise<{ items: RecordEntry[]; nextCursor: string | null }> {
    const accounts = await this.db.selectFrom('ledger_accounts').select(['id']).where('owner', '=', memberId).execute();
    const ids = accounts.map((a) => a.id);
    if (ids.length === 0) return { items: [], nextCursor: null };
    let query = this.db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where((eb) => eb.or([eb('debit_account_id', 'in', ids), eb('credit_account_id', 'in', ids)]))
      .where('kind', 'in', ['posted', 'pending'])
      .orderBy('seq', 'desc')
      .limit(filter.pageSize + 1);
    if (filter.type) query = query.where('code', '=', filter.type);
    if (filter.coinName) query = query.where('coin_name', '=', filter.coinName);
    if (filter.fromMs !== undefined) query = query.where('created_at', '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where('created_at', '<=', filter.toMs);
    if (filter.status === 'success') query = query.where((eb) => eb.or([eb('kind', '=', 'posted'), eb('state', '=', 'posted')]));
    else if (filter.status === 'pendingReview') query = query.where('state', '=', 'pending');
    else if (filter.status === 'failed') query = query.where('state', '=', 'voided');
    else if (filter.status) return { items: [], nextCursor: null };
    if (filter.cursor && /^\d+$/.test(filter.cursor)) query = query.where('seq', '<', cursorNumber(filter.cursor));
    const rows = await query.execute();
    const page = rows.slice(0, filter.pageSize);
    const own = new Set(ids);
    return {
      items: page.map((r) => {
        const isDebit = own.has(r.debit_account_id) && !own.has(r.credit_account_id);
        const amount = BigInt(r.amount);
        return {
          id: r.id,
          type: r.code as TransactionType,
          coinName: r.coin_name,
          amount: formatMinor(isDebit ? -amount : amount),
          status: statusOf(r.kind, r.state),
          createdAt: num(r.created_at),
          memo: r.memo,
        };
      }),
      nextCursor: rows.length > filter.pageSize ? String(page[page.length - 1]!.seq) : null,
    };
  }
}

/** Total revenue per point type: posted reward credits to the member's available accounts. */
export async function revenueSummary(db: Db, memberId: string): Promise<Array<{ coinName: string; total: string }>> {
  const rows = await db
    .selectFrom('ledger_transfers')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_transfers.credit_account_id')
    .select(['ledger_transfers.coin_name as coin', (eb) => eb.fn.sum<bigint | string>('ledger_transfers.amount').as('total')])
    .where('ledger_accounts.owner', '=', memberId)
    .where('ledger_transfers.code', 'in', [...revenueTypes])
    .where((eb) => eb.or([eb('ledger_transfers.kind', '=', 'posted'), eb('ledger_transfers.state', '=', 'posted')]))
    .where('ledger_transfers.kind', 'in', ['posted', 'pending'])
    .groupBy('ledger_transfers.coin_name')
    .execute();
  const coins = await db.selectFrom('coins').select('coin_name').orderBy('sort_order').execute();
  const totals = new Map(rows.map((r) => [r.coin, BigInt(r.total)]));
  return coins.map((c) => ({ coinName: c.coin_name, total: formatMinor(totals.get(c.coin_name) ?? 0n) }));
}
