import type { Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/** Banners and notices of the home page; the home call reads the enabled ones in order. */
export const home001Init: Migration = {
  name: 'home_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('home_banner'))
      .addColumn('image', 'varchar(255)', (c) => c.notNull())
      .addColumn('title', 'varchar(120)', (c) => c.notNull().defaultTo(''))
      .addColumn('link', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('home_banner_status_sort').on('home_banner').columns(['status', 'sort']).execute();

    await withId(db, db.schema.createTable('home_notice'))
      .addColumn('title', 'varchar(120)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('home_notice_status_created').on('home_notice').columns(['status', 'created_at']).execute();
  },
};
