import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Signed days and each month's retroactive count. The unique indexes are what make a day sign
 * once and a month's count one row, however many requests race.
 */
export const signin001Init: Migration = {
  name: 'signin_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('signin_day'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('kernel_user.id'))
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('checkin', 'fill')`))
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('streak', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('signin_day_user_date').on('signin_day').columns(['user_id', 'date']).unique().execute();
    await withId(db, db.schema.createTable('signin_fill_month'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('kernel_user.id'))
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull().check(sql`used >= 0`))
      .execute();
    await db.schema.createIndex('signin_fill_month_user_month').on('signin_fill_month').columns(['user_id', 'month']).unique().execute();
  },
};
