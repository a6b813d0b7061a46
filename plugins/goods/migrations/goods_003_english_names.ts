import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/**
 * Optional English catalogue text, served when the request's language is English: category and
 * goods names, and the goods' spec names (JSON object Chinese name → English name). '' = none.
 */
export const goods003EnglishNames: Migration = {
  name: 'goods_003_english_names',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('goods_category').addColumn('name_en', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('goods_goods').addColumn('name_en', 'varchar(160)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('goods_goods').addColumn('spec_names_en', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  },
};
