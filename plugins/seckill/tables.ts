/** The flash-sale plugin's tables, merged into the kernel's `Database`. Times are unix seconds, money fen. */
import type { Generated } from 'kysely';

export interface SeckillSessionTable {
  id: Generated<number>;
  title: string;
  start_at: number;
  end_at: number;
  /** Closed early by the operator, or null. */
  closed_at: number | null;
  /** When the unsold stock went back to the SKUs, or null. */
  unsold_returned_at: number | null;
  created_at: number;
}

export interface SeckillGoodsTable {
  id: Generated<number>;
  session_id: number;
  goods_id: number;
  sku_id: number;
  /** The flash price, fen. */
  price: number;
  /** Set aside from the SKU; after the unsold went back, what was sold. */
  stock: number;
  /** Never above `stock`; the live (unreleased) orders' quantities. */
  sold: Generated<number>;
  /** The most one shopper may buy of it. */
  quota: number;
  created_at: number;
}

export interface SeckillQuotaTable {
  item_id: number;
  user_id: number;
  bought: number;
}

export interface SeckillOrderTable {
  order_id: number;
  item_id: number;
  user_id: number;
  quantity: number;
  released_at: number | null;
}

declare module '@kernel/server/database' {
  interface Database {
    seckill_session: SeckillSessionTable;
    seckill_goods: SeckillGoodsTable;
    seckill_quota: SeckillQuotaTable;
    seckill_order: SeckillOrderTable;
  }
}
