import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * USDT deposits on chain (decision 017): each member's derivation index (stable, unique), the
 * address it gives on each chain, the watcher's cursor and recent block hashes per chain, and one
 * row per Transfer log to a member address, unique per (chain, transaction hash, log index).
 */
export function chain(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chain_member_indexes')
        .addColumn('member_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('derivation_index', 'integer', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('chain_addresses')
        .addColumn('chain', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('derivation_index', 'integer', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        // The 20 bytes as lower-case 0x hex: what Transfer logs carry on both chains' JSON-RPC.
        .addColumn('match_key', 'text', (c) => c.notNull())
        .addColumn('key_fingerprint', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('chain_addresses_pk', ['chain', 'member_id'])
        .addUniqueConstraint('chain_addresses_match', ['chain', 'match_key'])
        .execute();
      await db.schema
        .createTable('chain_cursors')
        .addColumn('chain', 'text', (c) => c.primaryKey())
        // The last block whose logs are all stored (-1: none yet).
        .addColumn('last_block', 'bigint', (c) => c.notNull())
        .addColumn('head_block', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('head_seen_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_run_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('last_error_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('reorg_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('chain_blocks')
        .addColumn('chain', 'text', (c) => c.notNull())
        .addColumn('number', 'bigint', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('chain_blocks_pk', ['chain', 'number'])
        .execute();
      await db.schema
        .createTable('chain_deposits')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('chain', 'text', (c) => c.notNull())
        .addColumn('tx_hash', 'text', (c) => c.notNull())
        .addColumn('log_index', 'integer', (c) => c.notNull())
        .addColumn('block_number', 'bigint', (c) => c.notNull())
        .addColumn('block_hash', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('from_address', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        // The token's own units as a decimal string (a uint256 can pass any integer column).
        .addColumn('amount_raw', 'text', (c) => c.notNull())
        // Minor units (scale 6), rounded down; 0 when the raw amount passes the movement ceiling.
        .addColumn('amount', 'bigint', (c) => c.notNull())
        // confirming | credited | belowMinimum | received
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('transfer_id', 'text')
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .addUniqueConstraint('chain_deposits_once', ['chain', 'tx_hash', 'log_index'])
        .execute();
      await db.schema.createIndex('chain_deposits_member').on('chain_deposits').columns(['member_id', 'seen_at']).execute();
      await db.schema.createIndex('chain_deposits_confirming').on('chain_deposits').columns(['chain', 'status', 'block_number']).execute();
    },
  };
}
