import type { Kysely, Migration } from 'kysely';
import { defaultPlan } from '@pp/contract';
import type { Dialect } from '../dialect.ts';

/**
 * The compensation plan (decision 022): its versions (each a whole plan document with the moment
 * it takes effect), the periods paid, and one row per bonus line with its cause; the line's
 * unique key is what makes a rerun of a period pay nothing twice.
 */
export function plan(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plan_versions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull().unique())
        .addColumn('effective_at', 'bigint', (c) => c.notNull())
        // JSON: the PlanDocument of packages/contract/src/plan.ts.
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('plan_versions_effective').on('plan_versions').columns(['effective_at', 'version']).execute();

      // One row per period once it is paid (the row is written first, in the paying transaction).
      await db.schema
        .createTable('plan_periods')
        .addColumn('period_key', 'text', (c) => c.primaryKey())
        .addColumn('from_at', 'bigint', (c) => c.notNull())
        .addColumn('to_at', 'bigint', (c) => c.notNull())
        .addColumn('line_count', 'integer', (c) => c.notNull())
        .addColumn('paid', 'bigint', (c) => c.notNull())
        .addColumn('ran_by', 'text', (c) => c.notNull())
        .addColumn('ran_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('plan_bonus_lines')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // period | type | earner | cause: the exactly-once rule of the payouts.
        .addColumn('line_key', 'text', (c) => c.notNull().unique())
        .addColumn('period_key', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('bonus_type', 'text', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('plan_version', 'integer', (c) => c.notNull())
        .addColumn('source_member_id', 'text')
        .addColumn('source_holding_id', 'text')
        .addColumn('source_event', 'text')
        .addColumn('source_at', 'bigint')
        .addColumn('base', 'bigint', (c) => c.notNull())
        .addColumn('rule_value', 'integer', (c) => c.notNull())
        .addColumn('rate_percent', 'text', (c) => c.notNull())
        .addColumn('gross', 'bigint', (c) => c.notNull())
        .addColumn('capped', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('paid', 'bigint', (c) => c.notNull())
        .addColumn('transfer_id', 'text')
        .addColumn('fee_transfer_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('plan_bonus_lines_member').on('plan_bonus_lines').columns(['member_id', 'created_at']).execute();
      await db.schema.createIndex('plan_bonus_lines_period').on('plan_bonus_lines').columns(['period_key']).execute();
      await db.schema.createIndex('plan_bonus_lines_transfer').on('plan_bonus_lines').columns(['transfer_id']).execute();
      // Purchases of a period are read by time (the bonuses' source).
      await db.schema.createIndex('package_holding_events_at').on('package_holding_events').columns(['at', 'type']).execute();

      await (
        db as Kysely<{
          plan_versions: { id: string; version: number; effective_at: bigint; document: string; note: string; created_by: string; created_at: bigint };
        }>
      )
        .insertInto('plan_versions')
        .values({ id: 'plan-v1', version: 1, effective_at: 0n, document: JSON.stringify(defaultPlan), note: '', created_by: 'system', created_at: 0n })
        .execute();
    },
  };
}
