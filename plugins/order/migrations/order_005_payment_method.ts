import type { Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * An order records the payment method that paid it ('' while unpaid), so a refund goes back the
 * way the money came; orders paid before this were paid from the balance. `order_payment_notice`
 * keeps each provider notification taken, once per (method, reference): a repeated or racing one
 * finds its row and changes nothing. `outcome`: `paid`, or `refunded` when it came for an order
 * that could no longer be paid (cancelled, expired).
 */
export const order005PaymentMethod: Migration = {
  name: 'order_005_payment_method',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('order_order').addColumn('payment_method', 'varchar(40)', (c) => c.notNull().defaultTo('')).execute();
    await db
      .updateTable('order_order' as never)
      .set({ payment_method: 'balance' } as never)
      .where('paid_at' as never, 'is not', null)
      .execute();
    await withId(db, db.schema.createTable('order_payment_notice'))
      .addColumn('method', 'varchar(40)', (c) => c.notNull())
      .addColumn('reference', 'varchar(80)', (c) => c.notNull())
      .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addUniqueConstraint('order_payment_notice_reference', ['method', 'reference'])
      .execute();
  },
};
