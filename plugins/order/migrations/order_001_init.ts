import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/** Orders and their goods; the indexes serve "my orders" by state and the deadline jobs. */
export const order001Init: Migration = {
  name: 'order_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('order_order'))
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('kernel_user.id'))
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('request_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('goods_amount', 'bigint', (c) => c.notNull().check(sql`goods_amount >= 0`))
      .addColumn('adjust_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('pay_amount', 'bigint', (c) => c.notNull().check(sql`pay_amount >= 0`))
      .addColumn('adjustments', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('source', 'varchar(8)', (c) => c.notNull())
      .addColumn('consignee', 'varchar(32)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
      .addColumn('address', 'varchar(255)', (c) => c.notNull())
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('invoice', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('invoice_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('pay_deadline', 'bigint', (c) => c.notNull())
      .addColumn('paid_at', 'bigint')
      .addColumn('shipped_at', 'bigint')
      .addColumn('expected_delivery_at', 'bigint')
      .addColumn('received_at', 'bigint')
      .addColumn('completed_at', 'bigint')
      .addColumn('cancelled_at', 'bigint')
      .addColumn('cancel_reason', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('order_order_request').on('order_order').columns(['user_id', 'request_key']).unique().execute();
    await db.schema.createIndex('order_order_user').on('order_order').columns(['user_id', 'status', 'id']).execute();
    await db.schema.createIndex('order_order_status').on('order_order').columns(['status', 'pay_deadline']).execute();

    await withId(db, db.schema.createTable('order_goods'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('order_order.id'))
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('sku_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('image', 'varchar(255)', (c) => c.notNull())
      .addColumn('spec', 'varchar(255)', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('total', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_goods_order').on('order_goods').column('order_id').execute();
  },
};
