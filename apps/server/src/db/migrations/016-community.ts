import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Community figures (decision 021): one row per member with the running totals a purchase or a
 * registration updates for every ancestor in the same transaction, and one row per member and
 * month (year x 100 + month in the community's month zone). Nothing is summed over the tree on a
 * read. Members that exist already get their row with team size and direct count counted once
 * here, and the purchases of existing holdings are added to the totals.
 */
export function community(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('member_figures')
        .addColumn('member_id', 'text', (c) => c.primaryKey())
        // The member's own purchases (principal newly locked), in minor units.
        .addColumn('personal', 'bigint', (c) => c.notNull().defaultTo(0))
        // Everyone below's purchases.
        .addColumn('community', 'bigint', (c) => c.notNull().defaultTo(0))
        // The largest of the direct invites' (personal + community); small zone = community - largest_leg.
        .addColumn('largest_leg', 'bigint', (c) => c.notNull().defaultTo(0))
        // Everyone below (the user count).
        .addColumn('team_size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('direct_count', 'bigint', (c) => c.notNull().defaultTo(0))
        // 1 after a staff override: automatic upgrades leave the grade alone until staff unpin it.
        .addColumn('grade_pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('member_month_figures')
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('month', 'integer', (c) => c.notNull())
        .addColumn('personal', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('community', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('member_month_figures_pk', ['member_id', 'month'])
        .execute();

      // The tree path of a deep member is long (37 characters a level): a B-tree on it refuses a
      // registration below about 70 levels on PostgreSQL (2,704 bytes a key). Nothing looks members up by
      // it: the downline check compares the strings, the downline search goes by name first.
      await db.schema.dropIndex('users_tree_path').execute();
      // Direct invites one page at a time, newest first.
      await db.schema.createIndex('users_referrer_joined').on('users').columns(['referrer_id', 'created_at', 'id']).execute();

      await sql`INSERT INTO member_figures (member_id, personal, community, largest_leg, team_size, direct_count, grade_pinned, updated_at)
        SELECT u.id, 0, 0, 0,
          (SELECT count(*) FROM users d WHERE d.tree_path LIKE u.tree_path || u.id || '/%'),
          (SELECT count(*) FROM users d WHERE d.referrer_id = u.id),
          0, 0
        FROM users u`.execute(db);
      // Purchases made before this migration: principal locked by buy, upgrade, add, fill (negative
      // from the member's view) and activation (positive). Their months are not replayed.
      await sql`UPDATE member_figures SET personal = (
          SELECT coalesce(sum(CASE WHEN e.type = 'activate' THEN e.amount ELSE -e.amount END), 0)
          FROM package_holding_events e
          WHERE e.member_id = member_figures.member_id AND e.type IN ('buy', 'upgrade', 'add', 'fill', 'activate'))`.execute(db);
      await sql`UPDATE member_figures SET community = (
          SELECT coalesce(sum(f.personal), 0) FROM users u JOIN users d ON d.tree_path LIKE u.tree_path || u.id || '/%'
          JOIN member_figures f ON f.member_id = d.id WHERE u.id = member_figures.member_id)`.execute(db);
      await sql`UPDATE member_figures SET largest_leg = (
          SELECT coalesce(max(f.personal + f.community), 0) FROM users d JOIN member_figures f ON f.member_id = d.id
          WHERE d.referrer_id = member_figures.member_id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_referrer_joined').execute();
      await db.schema.createIndex('users_tree_path').on('users').column('tree_path').execute();
      await db.schema.dropTable('member_month_figures').execute();
      await db.schema.dropTable('member_figures').execute();
    },
  };
}
