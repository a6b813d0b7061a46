import { sql, type Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/**
 * The operator's own code for a goods (an SKU-sheet number such as `JG-X5`): `storefront goods
 * import` finds the goods by it, so importing a file again updates rather than duplicates. Unique
 * when given; '' for goods made without one (the demo, `goods create`), which may be many.
 */
export const goods007Code: Migration = {
  name: 'goods_007_code',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('goods_goods').addColumn('code', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.createIndex('goods_goods_code').on('goods_goods').column('code').unique().where(sql.ref('code'), '<>', '').execute();
  },
};
