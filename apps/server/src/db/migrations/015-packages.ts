import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Packages (decision 020): the catalogue, holdings with the terms they were sold under, their
 * principal per point type, the history of every money line, reward releases (one row per
 * holding and period: the exactly-once rule of the release job), member requests (idempotency),
 * per-member unit counters (limits under a conditional update), activation codes, insurance
 * claims and jackpot draws.
 */
export function packages(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('package_products')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // normal | special | experience
        .addColumn('kind', 'text', (c) => c.notNull())
        // JSON: { "<language>": "<text>" }
        .addColumn('names', 'text', (c) => c.notNull())
        .addColumn('descriptions', 'text', (c) => c.notNull())
        // JSON: PackageTerms of the contract, as sold from now on.
        .addColumn('terms', 'text', (c) => c.notNull())
        // JSON: [{ coinName, maxPercent }]
        .addColumn('pay_with', 'text', (c) => c.notNull())
        .addColumn('per_member_limit', 'integer', (c) => c.notNull())
        .addColumn('total_limit', 'integer', (c) => c.notNull())
        // Units sold; raised only by a conditional update that keeps it within total_limit.
        .addColumn('sold', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('is_on_sale', 'integer', (c) => c.notNull())
        .addColumn('min_grade', 'integer')
        .addColumn('is_invite_only', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('package_invites')
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('package_invites_pk', ['product_id', 'member_id'])
        .execute();

      // Units a member bought of a product over time (purchases, adds, activations, refills).
      await db.schema
        .createTable('package_member_units')
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('units', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('package_member_units_pk', ['member_id', 'product_id'])
        .execute();

      await db.schema
        .createTable('package_holdings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('units', 'integer', (c) => c.notNull())
        // JSON: the PackageTerms this holding lives by (copied at the sale, the upgrade or the refill).
        .addColumn('terms', 'text', (c) => c.notNull())
        // Total principal locked now (the sum of package_holding_principals).
        .addColumn('principal', 'bigint', (c) => c.notNull())
        .addColumn('reward_cap', 'bigint', (c) => c.notNull())
        .addColumn('released', 'bigint', (c) => c.notNull().defaultTo(0))
        // fixed | unlocked | expired
        .addColumn('state', 'text', (c) => c.notNull())
        // term | maxReward | redeemed | transferred | claimed
        .addColumn('end_reason', 'text')
        // purchase | activation | transfer
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('effective_at', 'bigint', (c) => c.notNull())
        .addColumn('unlock_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        // Periods released so far (period k is due at effective_at + k x period); the next one's time.
        .addColumn('periods_paid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_release_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('package_holdings_member').on('package_holdings').columns(['member_id', 'created_at']).execute();
      await db.schema.createIndex('package_holdings_due').on('package_holdings').columns(['state', 'next_release_at']).execute();
      await db.schema.createIndex('package_holdings_product').on('package_holdings').columns(['product_id', 'state']).execute();

      await db.schema
        .createTable('package_holding_principals')
        .addColumn('holding_id', 'text', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('package_holding_principals_pk', ['holding_id', 'coin_name'])
        .execute();

      await db.schema
        .createTable('package_holding_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('holding_id', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        // buy | upgrade | fill | add | fee | premium | release | reinvest | unlock | expire | redeem | redeemFee | transferOut | transferIn | activate | claim | prize
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        // Signed, from the member's view.
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('transfer_id', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('package_holding_events_holding').on('package_holding_events').columns(['holding_id', 'at']).execute();
      await db.schema.createIndex('package_holding_events_member').on('package_holding_events').columns(['member_id', 'at']).execute();

      // One row per (holding, period): the release job's exactly-once rule.
      await db.schema
        .createTable('package_releases')
        .addColumn('holding_id', 'text', (c) => c.notNull())
        .addColumn('period', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('is_reinvested', 'integer', (c) => c.notNull())
        .addColumn('transfer_id', 'text')
        .addColumn('paid_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('package_releases_pk', ['holding_id', 'period'])
        .execute();

      // A member action's request id: a retry returns the first result.
      await db.schema
        .createTable('package_requests')
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('result_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('package_requests_pk', ['member_id', 'request_id'])
        .execute();

      await db.schema
        .createTable('package_activation_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('buyer_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('units', 'integer', (c) => c.notNull())
        // JSON: the terms as sold, and [{ coinName, amount }] of the principal paid.
        .addColumn('terms', 'text', (c) => c.notNull())
        .addColumn('principals', 'text', (c) => c.notNull())
        .addColumn('principal', 'bigint', (c) => c.notNull())
        // notActivated | activated
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('activation_member_id', 'text')
        .addColumn('holding_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('activated_at', 'bigint')
        .execute();
      await db.schema.createIndex('package_activation_codes_buyer').on('package_activation_codes').columns(['buyer_id', 'created_at']).execute();

      await db.schema
        .createTable('package_claims')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('holding_id', 'text', (c) => c.notNull())
        // The holding id while the claim is pending or approved, null once rejected: one open claim per holding.
        .addColumn('open_key', 'text', (c) => c.unique())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        // pendingReview | approved | rejected
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('review_id', 'text', (c) => c.notNull())
        .addColumn('transfer_id', 'text')
        .addColumn('reject_reason_code', 'text')
        .addColumn('reject_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .execute();
      await db.schema.createIndex('package_claims_member').on('package_claims').columns(['member_id', 'created_at']).execute();

      await db.schema
        .createTable('jackpot_cycles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // Holdings whose terms have this drawCycleDays take part in these cycles.
        .addColumn('cycle_days', 'integer', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        // hex; the seed stays unpublished until the draw.
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('seed_commitment', 'text', (c) => c.notNull())
        // notDrawn | drawn
        .addColumn('draw_state', 'text', (c) => c.notNull())
        // inProgress | completed
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('pool', 'bigint')
        .addColumn('eligible_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('drawn_at', 'bigint')
        .addUniqueConstraint('jackpot_cycles_number', ['cycle_days', 'number'])
        .execute();
      await db.schema
        .createTable('jackpot_entries')
        .addColumn('cycle_id', 'text', (c) => c.notNull())
        .addColumn('holding_id', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('is_winner', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('prize', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transfer_id', 'text')
        .addPrimaryKeyConstraint('jackpot_entries_pk', ['cycle_id', 'holding_id'])
        .execute();
      await db.schema.createIndex('jackpot_entries_member').on('jackpot_entries').columns(['member_id', 'cycle_id']).execute();
    },
  };
}
