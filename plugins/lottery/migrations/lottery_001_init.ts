import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * The wheel's eight slots (each "thanks for playing" until an operator or the demo seed sets it),
 * the draw log, and the per-day draw counter. Stock never goes below zero.
 */
export const lottery001Init: Migration = {
  name: 'lottery_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('lottery_prize'))
      .addColumn('slot', 'integer', (c) => c.notNull().unique().check(sql`slot >= 0 and slot < 8`))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('score', 'balance', 'coupon', 'thanks')`))
      .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`amount >= 0`))
      .addColumn('coupon_id', 'integer')
      .addColumn('label', 'varchar(40)')
      .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight >= 0`))
      .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await withId(db, db.schema.createTable('lottery_draw'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('kernel_user.id'))
      .addColumn('prize_id', 'integer', (c) => c.notNull().references('lottery_prize.id'))
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('coupon_id', 'integer')
      .addColumn('label', 'varchar(40)')
      .addColumn('cost', 'integer', (c) => c.notNull())
      .addColumn('business_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('lottery_draw_user').on('lottery_draw').columns(['user_id', 'id']).execute();
    await db.schema
      .createTable('lottery_daily')
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('business_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('draws', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('lottery_daily_pk', ['user_id', 'business_date'])
      .execute();
    const slots = Array.from({ length: 8 }, (_, slot) => ({ slot, kind: 'thanks', amount: 0, weight: 1, enabled: 1 }));
    await (db as Kysely<{ lottery_prize: (typeof slots)[number] }>).insertInto('lottery_prize').values(slots).execute();
  },
};
