import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/**
 * The goods snapshot keeps the catalogue's English beside the Chinese, so an order reads in the
 * shopper's language and, like its Chinese, never changes when the goods is renamed later.
 * '' = the catalogue had no English when the order was placed: the Chinese is shown.
 */
export const order002EnglishSnapshot: Migration = {
  name: 'order_002_english_snapshot',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('order_goods').addColumn('name_en', 'varchar(160)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('order_goods').addColumn('spec_en', 'varchar(255)', (c) => c.notNull().defaultTo('')).execute();
  },
};
