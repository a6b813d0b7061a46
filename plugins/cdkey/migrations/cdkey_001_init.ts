import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/** Batches of card keys and their cards. A card number exists once; a card is used by one shopper at most. */
export const cdkey001Init: Migration = {
  name: 'cdkey_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('cdkey_batch'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('balance', 'score')`))
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('expires_at', 'bigint')
      .addColumn('disabled_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await withId(db, db.schema.createTable('cdkey_card'))
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('cdkey_batch.id'))
      .addColumn('card', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_by', 'integer', (c) => c.references('kernel_user.id'))
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('cdkey_card_batch').on('cdkey_card').columns(['batch_id', 'used_by']).execute();
  },
};
