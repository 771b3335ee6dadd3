import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Live support chat (decision 024): one conversation per member, its messages (an optional image
 * from `uploads`), unread counters on the conversation, the staff member it is assigned to.
 */
export function support(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('support_conversations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) => c.notNull().unique())
        .addColumn('assigned_staff_id', 'text')
        .addColumn('member_unread', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('staff_unread', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_message_at', 'bigint', (c) => c.notNull())
        .addColumn('last_message_preview', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_conversations_last').on('support_conversations').columns(['last_message_at', 'id']).execute();
      await db.schema.createIndex('support_conversations_assigned').on('support_conversations').columns(['assigned_staff_id', 'last_message_at']).execute();

      await db.schema
        .createTable('support_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('staff_id', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('upload_id', 'text')
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('support_messages_request', ['conversation_id', 'author', 'request_id'])
        .execute();
      await db.schema.createIndex('support_messages_thread').on('support_messages').columns(['conversation_id', 'created_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('support_messages').execute();
      await db.schema.dropTable('support_conversations').execute();
    },
  };
}
