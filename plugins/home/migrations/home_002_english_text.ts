import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/** Optional English text of banners and notices ('' = none: the Chinese is shown), served to English requests. */
export const home002EnglishText: Migration = {
  name: 'home_002_english_text',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('home_banner').addColumn('title_en', 'varchar(120)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('home_notice').addColumn('title_en', 'varchar(120)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('home_notice').addColumn('content_en', 'text', (c) => c.notNull().defaultTo('')).execute();
  },
};
