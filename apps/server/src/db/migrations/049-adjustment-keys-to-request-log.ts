import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Staff adjustments were keyed by the journal's `request_id` (`adjust:<request id>`); they are
 * keyed by the request log now (db/once.ts). Each earlier adjustment's key moves there with the
 * answer it gave, so a retry of a request sent before the upgrade is still answered with its first
 * result instead of making a second transfer. Its input was never stored, only a hash of the
 * transfer, so the row is marked legacy: it answers any input under that key.
 */
/**
 * The input hash of a key carried over from an older store that kept no hash of the request itself:
 * such a row answers its stored result to any input under its key (db/once.ts).
 */
export const legacyInputHash = 'legacy';

export function adjustmentKeysToRequestLog(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`insert into request_log (scope, actor, request_id, input_hash, result_json, created_at)
        select 'adjustmentCreate', r.created_by_staff_id, substr(t.request_id, 8), ${legacyInputHash},
          '{"reviewId":"' || r.id || '","transferId":"' || t.id || '"}', t.created_at
        from ledger_transfers t
        join review_items r on r.subject_id = t.id and r.queue = 'manualAdjustment'
        where t.request_id like 'adjust:%' and r.created_by_staff_id is not null
        on conflict (scope, actor, request_id) do nothing`.execute(db);
    },
  };
}
