import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/** A coupon's optional English title ('' = none: the Chinese is shown), served to English requests. */
export const coupon002EnglishName: Migration = {
  name: 'coupon_002_english_name',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('coupon_coupon').addColumn('name_en', 'varchar(60)', (c) => c.notNull().defaultTo('')).execute();
  },
};
