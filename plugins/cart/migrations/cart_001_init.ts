import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * The shoppers' cart lines. One line per shopper and SKU (the unique index: adding the same SKU
 * again merges into its line, even when two adds race); the quantity never drops below 1.
 */
export const cart001Init: Migration = {
  name: 'cart_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('cart_line'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('sku_id', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
      .addColumn('selected', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cart_line_user_sku').on('cart_line').columns(['user_id', 'sku_id']).unique().execute();
  },
};
