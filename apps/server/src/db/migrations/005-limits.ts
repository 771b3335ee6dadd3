import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Decision 007: the addresses each account has signed in from (the login throttle keeps owners
 * apart from strangers by them), the creator of each review item (a creator never decides their
 * own item), and the transaction-password lock moved into rate_limits like every other limit.
 */
export function limits(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('known_addresses')
        .addColumn('login_type', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('known_addresses_pk', ['login_type', 'account_id', 'address'])
        .execute();

      await db.schema.alterTable('review_items').addColumn('created_by_staff_id', 'text').execute();
      // Items made before this migration: the adjustment's summary names the staff member who asked.
      const items = await sql<{ id: string; summary_json: string }>`select id, summary_json from review_items where queue = 'manualAdjustment'`.execute(db);
      for (const item of items.rows) {
        const requestedBy = (JSON.parse(item.summary_json) as { requestedBy?: unknown }).requestedBy;
        if (typeof requestedBy !== 'string') continue;
        await sql`update review_items set created_by_staff_id = (select id from staff where user_name = ${requestedBy}) where id = ${item.id}`.execute(db);
      }

      await db.schema.alterTable('users').dropColumn('tx_failures').execute();
      await db.schema.alterTable('users').dropColumn('tx_locked_until').execute();
    },
  };
}
