import type { Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/** Each shopper's entries. The unique index keeps a title from appearing twice on one list. */
export const article001Init: Migration = {
  name: 'article_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('article_entry'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(60)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('article_entry_user_title').on('article_entry').columns(['user_id', 'title']).unique().execute();
  },
};
