import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Content and notifications (decision 023): announcements and banners (their translations as
 * JSON by language, bodies already sanitized), the images staff uploaded for content (kept by the
 * uploads cleanup), documents as numbered versions per (kind, language), and per-member
 * notifications stored as a type and parameters.
 */
export function contentNotifications(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_announcements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // JSON: { "<language>": { "title": "...", "body": "<sanitized html>" } }
        .addColumn('translations', 'text', (c) => c.notNull())
        .addColumn('is_pinned', 'integer', (c) => c.notNull())
        .addColumn('publish_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('content_announcements_live').on('content_announcements').columns(['is_deleted', 'is_pinned', 'publish_at']).execute();

      await db.schema
        .createTable('content_banners')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // JSON: { "<language>": { "title": "...", "imageId": "<upload id>", "linkUrl": "..." } }
        .addColumn('translations', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull())
        .addColumn('publish_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();

      // Uploads made for content: the uploads cleanup keeps them (a banner may name one any time).
      await db.schema
        .createTable('content_images')
        .addColumn('upload_id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('content_documents')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        // Sanitized HTML.
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .addColumn('published_by', 'text', (c) => c.notNull())
        // Two staff publishing from the same version: one wins, the other is told it is stale.
        .addPrimaryKeyConstraint('content_documents_pk', ['kind', 'lang', 'version'])
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        // JSON: { "<name>": string | number }; worded by the portal in the member's language.
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .execute();
      await db.schema.createIndex('notifications_member').on('notifications').columns(['member_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('notifications_unread').on('notifications').columns(['member_id', 'is_read']).execute();
    },
  };
}
