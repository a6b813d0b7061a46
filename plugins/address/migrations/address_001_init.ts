import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Each shopper's delivery addresses. The partial unique index is the last word on "one default
 * per shopper": whatever the code does, the database never holds two.
 */
export const address001Init: Migration = {
  name: 'address_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('address_address'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
      .addColumn('province', 'varchar(64)', (c) => c.notNull())
      .addColumn('province_code', 'varchar(12)', (c) => c.notNull())
      .addColumn('city', 'varchar(64)', (c) => c.notNull())
      .addColumn('city_code', 'varchar(12)', (c) => c.notNull())
      .addColumn('district', 'varchar(64)', (c) => c.notNull())
      .addColumn('district_code', 'varchar(12)', (c) => c.notNull())
      .addColumn('detail', 'varchar(255)', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_default in (0, 1)`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('address_address_user').on('address_address').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createIndex('address_address_one_default')
      .on('address_address')
      .column('user_id')
      .unique()
      .where(sql.ref('is_default'), '=', 1)
      .execute();
  },
};
