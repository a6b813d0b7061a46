import type { Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/** Each shopper's entries. The unique index keeps a title from appearing twice on one list. */
export const __id__001Init: Migration = {
  name: '__id___001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('__id___entry'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(60)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('__id___entry_user_title').on('__id___entry').columns(['user_id', 'title']).unique().execute();
  },
};
