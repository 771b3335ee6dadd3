import { sql, type Kysely, type Migration } from 'kysely';
import { legacyInputHash } from './049-adjustment-keys-to-request-log.ts';

/**
 * Member transfers and exchanges were keyed by the journal's `request_id`: the transfer's main
 * movement as `transfer:<member id>:<request id>`, the exchange's hold as
 * `exchange:<member id>:<request id>`. They are keyed by the request log now (db/once.ts), and the
 * journal gets no key for them any more. Each earlier key moves there with the answer the endpoint
 * gave, so a retry of a request sent before the upgrade is still answered with its first result
 * instead of moving the money a second time.
 *
 * The member's id is taken from the row the key belongs to (the transfer's sender, the exchange's
 * member), so the request id is what follows that prefix whatever characters it holds. An exchange
 * answered `approved` when it was paid at once (its hold was posted, not pending) and
 * `pendingReview` otherwise, whatever happened to it since. Only a hash of the journal transfer was
 * kept, never one of the request, so the rows are marked legacy: they answer any input under their
 * key. The journal's `request_id` stays, other writes still use it. Exchange cancels kept no key,
 * so there is nothing of theirs to carry.
 */
export function walletKeysToRequestLog(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`insert into request_log (scope, actor, request_id, input_hash, result_json, created_at)
        select 'transferCreate', m.from_id, substr(t.request_id, length(m.from_id) + 11), ${legacyInputHash},
          '{"id":"' || m.id || '"}', t.created_at
        from member_transfers m
        join ledger_transfers t on t.id = m.transfer_id
        where t.request_id like 'transfer:%' and substr(t.request_id, 1, length(m.from_id) + 10) = 'transfer:' || m.from_id || ':'
        on conflict (scope, actor, request_id) do nothing`.execute(db);
      await sql`insert into request_log (scope, actor, request_id, input_hash, result_json, created_at)
        select 'exchangeCreate', e.member_id, substr(t.request_id, length(e.member_id) + 11), ${legacyInputHash},
          '{"id":"' || e.id || '","status":"' || case when t.kind = 'pending' then 'pendingReview' else 'approved' end || '"}', t.created_at
        from exchanges e
        join ledger_transfers t on t.id = e.hold_transfer_id
        where t.request_id like 'exchange:%' and substr(t.request_id, 1, length(e.member_id) + 10) = 'exchange:' || e.member_id || ':'
        on conflict (scope, actor, request_id) do nothing`.execute(db);
    },
  };
}
