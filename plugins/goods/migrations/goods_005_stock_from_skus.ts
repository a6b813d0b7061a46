import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/**
 * A goods' stock is the sum of its SKUs' stock, computed when read: the copy kept on the goods row
 * goes, and with it the second row every order updated (a hot one under a flash-sale crowd). The
 * column's CHECK (stock >= 0) is on the column alone, so both SQLite (≥ 3.35) and PostgreSQL drop
 * it with the column.
 */
export const goods005StockFromSkus: Migration = {
  name: 'goods_005_stock_from_skus',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('goods_goods').dropColumn('stock').execute();
  },
};
