import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Coupons and the shoppers' copies of them. `claimed` never passes `total` (a check and the
 * conditional update that claims); a grant's `(source, ref)` exists once.
 */
export const coupon001Init: Migration = {
  name: 'coupon_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('coupon_coupon'))
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('full', 'rate', 'any')`))
      .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`amount >= 0`))
      .addColumn('rate', 'integer', (c) => c.check(sql`rate is null or (rate >= 1 and rate <= 99)`))
      .addColumn('cap', 'bigint')
      .addColumn('min_amount', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`min_amount >= 0`))
      .addColumn('starts_at', 'bigint')
      .addColumn('ends_at', 'bigint')
      .addColumn('valid_days', 'integer')
      .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
      .addColumn('claimed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('per_user', 'integer', (c) => c.notNull().check(sql`per_user >= 1`))
      .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('disabled_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('coupon_claimed_total', sql`claimed >= 0 and claimed <= total`)
      .execute();
    await withId(db, db.schema.createTable('coupon_user'))
      .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupon_coupon.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('kernel_user.id'))
      .addColumn('source', 'varchar(8)', (c) => c.notNull().check(sql`source in ('claim', 'grant')`))
      .addColumn('ref', 'varchar(64)')
      .addColumn('claimed_at', 'bigint', (c) => c.notNull())
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('order_no', 'varchar(32)')
      .execute();
    await db.schema.createIndex('coupon_user_owner').on('coupon_user').columns(['user_id', 'used_at', 'expires_at']).execute();
    await db.schema.createIndex('coupon_user_coupon').on('coupon_user').columns(['coupon_id', 'user_id']).execute();
    await db.schema.createIndex('coupon_user_order').on('coupon_user').columns(['order_no']).execute();
    await db.schema.createIndex('coupon_user_grant').on('coupon_user').columns(['source', 'ref']).unique().execute();
  },
};
