import type { Kysely, Migration } from 'kysely';

/**
 * The levels of each snapshot's tree (decision 089), so a member's path is a few primary-key reads
 * instead of a rebuild: each level cut into chunks of 256 nodes, a chunk one row holding its nodes'
 * hashes and sums as the tree's own bytes (base64). A million members make about 8,000 rows.
 */
export function proofNodes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('proof_nodes')
        .addColumn('snapshot_id', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('chunk', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('hashes', 'text', (c) => c.notNull())
        .addColumn('sums', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('proof_nodes_pk', ['snapshot_id', 'level', 'chunk'])
        .execute();
    },
  };
}
