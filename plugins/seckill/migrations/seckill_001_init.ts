import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Flash-sale sessions, their goods (stock set aside from the SKU, `sold` never above it), each
 * shopper's count against an item's quota (one atomic write per purchase), and the orders placed,
 * with when their stock went back. Times are unix seconds.
 */
export const seckill001Init: Migration = {
  name: 'seckill_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('seckill_session'))
      .addColumn('title', 'varchar(40)', (c) => c.notNull())
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('end_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_at', 'bigint')
      .addColumn('unsold_returned_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('seckill_session_window', sql`end_at > start_at`)
      .execute();
    await db.schema.createIndex('seckill_session_start').on('seckill_session').columns(['start_at']).execute();
    await withId(db, db.schema.createTable('seckill_goods'))
      .addColumn('session_id', 'integer', (c) => c.notNull().references('seckill_session.id'))
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('sku_id', 'integer', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
      .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
      .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quota', 'integer', (c) => c.notNull().check(sql`quota >= 1`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('seckill_goods_sold', sql`sold >= 0 and sold <= stock`)
      .execute();
    await db.schema.createIndex('seckill_goods_session_sku').on('seckill_goods').columns(['session_id', 'sku_id']).unique().execute();
    await db.schema.createIndex('seckill_goods_sku').on('seckill_goods').columns(['sku_id']).execute();
    await db.schema
      .createTable('seckill_quota')
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('bought', 'integer', (c) => c.notNull().check(sql`bought >= 0`))
      .addPrimaryKeyConstraint('seckill_quota_pk', ['item_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('seckill_order')
      .addColumn('order_id', 'integer', (c) => c.primaryKey())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('released_at', 'bigint')
      .execute();
    await db.schema.createIndex('seckill_order_item').on('seckill_order').columns(['item_id']).execute();
  },
};
