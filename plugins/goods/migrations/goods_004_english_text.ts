import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/**
 * More optional English catalogue text (after goods_003's names), served to English requests: the
 * goods' subtitle and detail (its highlights and after-sales text), its spec values (JSON object
 * Chinese value → English), and brand names. '' (or {}) = none: the Chinese text is shown.
 */
export const goods004EnglishText: Migration = {
  name: 'goods_004_english_text',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('goods_goods').addColumn('subtitle_en', 'varchar(255)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('goods_goods').addColumn('detail_html_en', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('goods_goods').addColumn('spec_values_en', 'text', (c) => c.notNull().defaultTo('{}')).execute();
    await db.schema.alterTable('goods_brand').addColumn('name_en', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
  },
};
