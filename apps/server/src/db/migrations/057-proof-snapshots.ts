import type { Kysely, Migration } from 'kysely';

/**
 * The proof of liabilities (decision 088): one row per daily snapshot (its cut-off, the journal's
 * totals at that cut-off, the tree's root and the signed document) and one row per member in it
 * (their leaf's place, random salt and balances per coin). A member reads only their own row.
 */
export function proofSnapshots(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('proof_snapshots')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('cut_off_at', 'bigint', (c) => c.notNull().unique())
        .addColumn('member_count', 'integer', (c) => c.notNull())
        // JSON: the coin order, the tree's totals and the journal's totals at the cut-off (minor units as strings).
        .addColumn('coins_json', 'text', (c) => c.notNull())
        .addColumn('totals_json', 'text', (c) => c.notNull())
        .addColumn('journal_totals_json', 'text', (c) => c.notNull())
        .addColumn('root_hash', 'text', (c) => c.notNull())
        .addColumn('document_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('proof_leaves')
        .addColumn('snapshot_id', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('leaf_index', 'integer', (c) => c.notNull())
        .addColumn('salt', 'text', (c) => c.notNull())
        .addColumn('balances_json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('proof_leaves_pk', ['snapshot_id', 'member_id'])
        .execute();
      await db.schema.createIndex('proof_leaves_by_index').on('proof_leaves').columns(['snapshot_id', 'leaf_index']).unique().execute();
    },
  };
}
