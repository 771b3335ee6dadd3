import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Scarce goods (decision 025): purchase-code rushes and flash sales (one table, `kind`), the
 * per-member counters and the single-use purchase permits that the transaction password arms
 * before the start, the purchase records; shares (equity): the one configuration row, each
 * member's shares, the purchase and bonus records and one row per paid bonus period.
 */
export function scarceGoods(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('scarce_sales')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // code (a purchase-code rush: the winner gets an activation code) | flash (a flash sale: a holding)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        // Package units one code or one flash purchase carries.
        .addColumn('units', 'integer', (c) => c.notNull())
        // Price of one item in minor units, paid in coin_name; it becomes the package principal.
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        // Raised only by `sold = sold + 1 where sold < total`.
        .addColumn('sold', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('per_member_limit', 'integer', (c) => c.notNull())
        .addColumn('min_grade', 'integer')
        // 1: only members whose buy_purchase_code_status flag is on may take part.
        .addColumn('is_flagged_only', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('scarce_sales_kind').on('scarce_sales').columns(['kind', 'ends_at']).execute();

      await db.schema
        .createTable('scarce_sale_members')
        .addColumn('sale_id', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('bought', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('scarce_sale_members_pk', ['sale_id', 'member_id'])
        .execute();

      // One permit per member and sale: re-arming replaces it; a purchase consumes it.
      await db.schema
        .createTable('scarce_permits')
        .addColumn('sale_id', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        // sha256 of the token the member holds.
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addPrimaryKeyConstraint('scarce_permits_pk', ['sale_id', 'member_id'])
        .execute();

      await db.schema
        .createTable('scarce_purchases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('sale_id', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        // The activation code (kind code) or the holding (kind flash) it made.
        .addColumn('code_id', 'text')
        .addColumn('holding_id', 'text')
        .addColumn('transfer_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('scarce_purchases_member').on('scarce_purchases').columns(['member_id', 'created_at']).execute();

      await db.schema.alterTable('package_activation_codes').addColumn('sale_id', 'text').execute();

      await db.schema
        .createTable('equity_config')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('total_issued', 'bigint', (c) => c.notNull())
        // Shares sold plus bonus shares given; never above total_issued.
        .addColumn('sold', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('max_per_member', 'bigint', (c) => c.notNull())
        // Bonus per share and period, minor units of coin_name, paid by the equity-bonus job.
        .addColumn('bonus_per_share', 'bigint', (c) => c.notNull())
        .addColumn('period_hours', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('equity_holdings')
        .addColumn('member_id', 'text', (c) => c.primaryKey())
        .addColumn('purchased', 'bigint', (c) => c.notNull())
        .addColumn('bonus', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('equity_records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) => c.notNull())
        // buy | bonus
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('shares', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('period', 'integer')
        .addColumn('transfer_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('equity_records_member').on('equity_records').columns(['member_id', 'created_at']).execute();
      // The bonus job's exactly-once rule: one line per member and period.
      await db.schema.createIndex('equity_records_bonus').on('equity_records').columns(['member_id', 'kind', 'period']).unique().execute();
    },
  };
}
