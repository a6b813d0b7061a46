import type { Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Commission: one row per order and level (the unique index: an event delivered twice earns once),
 * with the rate in force when the order was paid. And what a clawback could not take from a
 * balance: owed, taken from the next commission credited.
 */
export const team002Commission: Migration = {
  name: 'team_002_commission',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('team_commission'))
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('buyer_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('base', 'bigint', (c) => c.notNull())
      .addColumn('rate', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('state', 'varchar(12)', (c) => c.notNull())
      .addColumn('release_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('released_at', 'bigint')
      .addColumn('reversed_at', 'bigint')
      .addColumn('clawed_at', 'bigint')
      .execute();
    await db.schema.createIndex('team_commission_order_level').on('team_commission').columns(['order_id', 'level']).unique().execute();
    await db.schema.createIndex('team_commission_user').on('team_commission').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('team_commission_due').on('team_commission').columns(['state', 'release_at']).execute();
    await withId(db, db.schema.createTable('team_debt'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('commission_id', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('left', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('settled_at', 'bigint')
      .execute();
    await db.schema.createIndex('team_debt_user').on('team_debt').columns(['user_id', 'settled_at']).execute();
    await db.schema.createIndex('team_debt_commission').on('team_debt').column('commission_id').unique().execute();
  },
};
