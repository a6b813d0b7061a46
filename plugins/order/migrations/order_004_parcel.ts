import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/**
 * A shipped order names its parcel: the carrier (顺丰速运) and its tracking number, given by
 * `storefront order ship --carrier … --tracking …` and shown on the shopper's order detail.
 * '' = not shipped, or shipped before parcels were recorded.
 */
export const order004Parcel: Migration = {
  name: 'order_004_parcel',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('order_order').addColumn('carrier', 'varchar(40)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('order_order').addColumn('tracking_no', 'varchar(40)', (c) => c.notNull().defaultTo('')).execute();
  },
};
