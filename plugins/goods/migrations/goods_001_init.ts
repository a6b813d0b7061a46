import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/** Categories, brands, goods and their SKUs, with the indexes the list filters and sorts use. */
export const goods001Init: Migration = {
  name: 'goods_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('goods_category'))
      .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('image', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('initials', 'varchar(8)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('goods_category_parent').on('goods_category').columns(['parent_id', 'sort']).execute();

    await withId(db, db.schema.createTable('goods_brand'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('logo', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('initials', 'varchar(8)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db, db.schema.createTable('goods_goods'))
      .addColumn('category_id', 'integer', (c) => c.notNull())
      .addColumn('brand_id', 'integer')
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('subtitle', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('image', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('market_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
      .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unit', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('model', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('packing_list', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('specs', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('detail_html', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('recommend', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // Every list query filters on status, then narrows by category or brand and sorts.
    const goodsIndexes: [string, string[]][] = [
      ['goods_goods_category', ['category_id', 'status']],
      ['goods_goods_brand', ['brand_id', 'status']],
      ['goods_goods_price', ['status', 'price']],
      ['goods_goods_sales', ['status', 'sales']],
      ['goods_goods_created', ['status', 'created_at']],
      ['goods_goods_recommend', ['status', 'recommend', 'sales']],
    ];
    for (const [name, columns] of goodsIndexes) {
      await db.schema.createIndex(name).on('goods_goods').columns(columns).execute();
    }

    await withId(db, db.schema.createTable('goods_sku'))
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('spec', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('spec_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
      .addColumn('image', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('goods_sku_key').on('goods_sku').columns(['goods_id', 'spec_key']).unique().execute();
  },
};
