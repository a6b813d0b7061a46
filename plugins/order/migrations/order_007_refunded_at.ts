import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/** When the shop refunded an order (`storefront order refund`): shown on the order detail and to operators. Null = not refunded. */
export const order007RefundedAt: Migration = {
  name: 'order_007_refunded_at',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('order_order').addColumn('refunded_at', 'bigint').execute();
  },
};
