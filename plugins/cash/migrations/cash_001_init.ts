import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Bank cards and cash-outs. A card number appears once per shopper (unique index); the indexes
 * serve "my cards", "my cash-outs" (newest first), the daily count, the card-in-use check on
 * delete and the operators' review queue by state.
 */
export const cash001Init: Migration = {
  name: 'cash_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('cash_card'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('kernel_user.id'))
      .addColumn('holder', 'varchar(30)', (c) => c.notNull())
      .addColumn('card_no', 'varchar(19)', (c) => c.notNull())
      .addColumn('bank', 'varchar(30)', (c) => c.notNull())
      .addColumn('card_type', 'varchar(24)', (c) => c.notNull().defaultTo(''))
      .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cash_card_user_card').on('cash_card').columns(['user_id', 'card_no']).unique().execute();

    // card_id is not a foreign key: a paid cash-out outlives the card it went to (its snapshot stays).
    await withId(db, db.schema.createTable('cash_withdrawal'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('kernel_user.id'))
      .addColumn('card_id', 'integer', (c) => c.notNull())
      .addColumn('request_key', 'varchar(64)')
      .addColumn('state', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
      .addColumn('actual', 'bigint', (c) => c.notNull().check(sql`actual > 0 and actual = amount - fee`))
      .addColumn('holder', 'varchar(30)', (c) => c.notNull())
      .addColumn('bank', 'varchar(30)', (c) => c.notNull())
      .addColumn('card_no', 'varchar(19)', (c) => c.notNull())
      .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('reviewed_at', 'bigint')
      .addColumn('paid_at', 'bigint')
      .execute();
    // NULL keys are distinct on SQLite and PostgreSQL alike: only sent keys are unique.
    await db.schema.createIndex('cash_withdrawal_request').on('cash_withdrawal').columns(['user_id', 'request_key']).unique().execute();
    await db.schema.createIndex('cash_withdrawal_user').on('cash_withdrawal').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('cash_withdrawal_card').on('cash_withdrawal').columns(['card_id', 'state']).execute();
    await db.schema.createIndex('cash_withdrawal_state').on('cash_withdrawal').columns(['state', 'id']).execute();
  },
};
