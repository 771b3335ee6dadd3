import { sql, type Kysely, type Migration } from 'kysely';
import { accountTotalMaxMinor, amountMaxMinor, balanceMaxMinor } from '@pp/contract';
import type { Dialect } from '../dialect.ts';

/**
 * The number ceilings in the database itself (docs/decisions/008), under the checks the ledger
 * code makes, so that no bug and no hand-written statement can store an inexact number.
 *
 * SQLite has no real types: an integer sum that overflows becomes a float and is stored as one.
 * BEFORE triggers refuse any ledger amount or total that is not an integer inside its ceiling
 * (measured against rebuilding the tables with CHECK constraints: see the decision). PostgreSQL's
 * bigint already refuses overflow; CHECK constraints add the ceilings (NOT VALID: rows written
 * before this migration are not rescanned, every new write is checked), and ledger_post() gets
 * the same guards as the TypeScript path.
 *
 * The ceilings are written into the SQL as numbers: changing one needs a new migration.
 */
export function amountCeilings(dialect: Dialect): Migration {
  const amountMax = sql.raw(amountMaxMinor.toString());
  const balanceMax = sql.raw(balanceMaxMinor.toString());
  const totalMax = sql.raw(accountTotalMaxMinor.toString());
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        const badAmount = sql`typeof(new.amount) <> 'integer' or new.amount <= 0 or new.amount > ${amountMax}`;
        const badTotal = (column: string) => {
          const c = sql.raw(`new.${column}`);
          return sql`typeof(${c}) <> 'integer' or ${c} < 0 or ${c} > ${totalMax}`;
        };
        const badTotals = sql`${badTotal('debits_posted')} or ${badTotal('credits_posted')} or ${badTotal('debits_pending')} or ${badTotal('credits_pending')}`;
        await sql`create trigger ledger_transfers_amount_insert before insert on ledger_transfers when ${badAmount}
          begin select raise(abort, 'ledger: amount must be an integer in 1..${amountMax}'); end`.execute(db);
        await sql`create trigger ledger_transfers_amount_update before update of amount on ledger_transfers when ${badAmount}
          begin select raise(abort, 'ledger: amount must be an integer in 1..${amountMax}'); end`.execute(db);
        await sql`create trigger ledger_accounts_totals_insert before insert on ledger_accounts when ${badTotals}
          begin select raise(abort, 'ledger: account totals must be integers in 0..${totalMax}'); end`.execute(db);
        await sql`create trigger ledger_accounts_totals_update before update on ledger_accounts when ${badTotals}
          begin select raise(abort, 'ledger: account totals must be integers in 0..${totalMax}'); end`.execute(db);
        return;
      }
      await sql`alter table ledger_transfers add constraint ledger_transfers_amount_range check (amount > 0 and amount <= ${amountMax}) not valid`.execute(db);
      await sql`alter table ledger_accounts add constraint ledger_accounts_totals_range check (
        debits_posted between 0 and ${totalMax} and credits_posted between 0 and ${totalMax}
        and debits_pending between 0 and ${totalMax} and credits_pending between 0 and ${totalMax}) not valid`.execute(db);
      // Same signature as migration 004, so callers do not change; the guards match applyLeg.
      await sql`
        create or replace function ledger_post(
          p_id text, p_request_id text, p_hash text, p_code text, p_coin text, p_amount bigint,
          p_debit text, p_credit text, p_pending boolean, p_memo text, p_now bigint
        ) returns void language plpgsql as $$
        declare
          v_account text;
          v_count int;
          v_is_system int;
        begin
          if p_amount <= 0 or p_amount > ${amountMax} then
            raise exception 'ledger: amount out of range' using errcode = 'P0001', hint = 'amount';
          end if;
          foreach v_account in array array[least(p_debit collate "C", p_credit collate "C"), greatest(p_debit collate "C", p_credit collate "C")] loop
            if v_account = p_debit then
              update ledger_accounts set
                debits_posted = debits_posted + case when p_pending then 0 else p_amount end,
                debits_pending = debits_pending + case when p_pending then p_amount else 0 end
              where id = v_account
                and (is_system = 1 or credits_posted - debits_posted - debits_pending >= p_amount)
                and debits_posted + debits_pending <= ${totalMax} - p_amount;
              get diagnostics v_count = row_count;
              if v_count <> 1 then
                -- A member's debit fails for want of funds; a system account's only at its ceiling.
                select is_system into v_is_system from ledger_accounts where id = v_account;
                if v_is_system = 1 then
                  raise exception 'ledger: account total ceiling' using errcode = 'P0001', hint = 'ceiling';
                end if;
                raise exception 'ledger: insufficient balance' using errcode = 'P0001', hint = 'insufficient';
              end if;
            else
              update ledger_accounts set
                credits_posted = credits_posted + case when p_pending then 0 else p_amount end,
                credits_pending = credits_pending + case when p_pending then p_amount else 0 end
              where id = v_account
                and (is_system = 1 or credits_posted - debits_posted + credits_pending <= ${balanceMax} - p_amount)
                and credits_posted + credits_pending <= ${totalMax} - p_amount;
              get diagnostics v_count = row_count;
              if v_count <> 1 then
                raise exception 'ledger: balance ceiling' using errcode = 'P0001', hint = 'ceiling';
              end if;
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
