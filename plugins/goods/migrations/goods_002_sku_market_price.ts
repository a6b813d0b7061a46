import { sql, type Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/**
 * Each SKU gets its own crossed-out "was" price (fen, 0 = none). Existing SKUs keep the goods'
 * discount: the goods' market price plus what the SKU costs over the goods' lowest price — the
 * same rule `skuMarketPrice()` applies to new goods written without one.
 */
export const goods002SkuMarketPrice: Migration = {
  name: 'goods_002_sku_market_price',
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('goods_sku')
      .addColumn('market_price', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`
      update goods_sku set market_price = (
        select case when g.market_price > 0 then g.market_price + goods_sku.price - g.price else 0 end
        from goods_goods g where g.id = goods_sku.goods_id
      )
      where exists (select 1 from goods_goods g where g.id = goods_sku.goods_id)
    `.execute(db);
  },
};
