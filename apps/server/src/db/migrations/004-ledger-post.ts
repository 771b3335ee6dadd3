import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * PostgreSQL only: a standalone ledger transfer as one server-side call, so it costs one round
 * trip instead of five (docs/decisions/006). It does exactly what LedgerRepository does in SQL:
 * account rows in id order (byte order, as the TypeScript path sorts), the conditional debit,
 * the credit, the journal row; an insufficient balance raises and the statement rolls back whole.
 */
export function ledgerPost(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create function ledger_post(
          p_id text, p_request_id text, p_hash text, p_code text, p_coin text, p_amount bigint,
          p_debit text, p_credit text, p_pending boolean, p_memo text, p_now bigint
        ) returns void language plpgsql as $$
        declare
          v_account text;
          v_count int;
        begin
          foreach v_account in array array[least(p_debit collate "C", p_credit collate "C"), greatest(p_debit collate "C", p_credit collate "C")] loop
            if v_account = p_debit then
              update ledger_accounts set
                debits_posted = debits_posted + case when p_pending then 0 else p_amount end,
                debits_pending = debits_pending + case when p_pending then p_amount else 0 end
              where id = v_account
                and (is_system = 1 or credits_posted - debits_posted - debits_pending >= p_amount);
              get diagnostics v_count = row_count;
              if v_count <> 1 then
                raise exception 'ledger: insufficient balance' using errcode = 'P0001', hint = 'insufficient';
              end if;
            else
              update ledger_accounts set
                credits_posted = credits_posted + case when p_pending then 0 else p_amount end,
                credits_pending = credits_pending + case when p_pending then p_amount else 0 end
              where id = v_account;
            end if;
          end loop;
          insert into ledger_transfers (id, seq, request_id, request_hash, code, coin_name, amount,
            debit_account_id, credit_account_id, kind, pending_id, state, memo, created_at)
          values (p_id, nextval('ledger_transfers_seq'), p_request_id, p_hash, p_code, p_coin, p_amount,
            p_debit, p_credit, case when p_pending then 'pending' else 'posted' end, null,
            case when p_pending then 'pending' else 'final' end, p_memo, p_now);
        end $$`.execute(db);
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
