/**
 * The cart plugin's table, merged into the kernel's `Database`. A line holds no price: prices
 * are read from `goods_sku` whenever the cart is shown or ordered. Times are unix seconds.
 */
import type { Generated } from 'kysely';

export interface CartLineTable {
  id: Generated<number>;
  user_id: number;
  goods_id: number;
  sku_id: number;
  /** At least 1 (a check constraint). */
  quantity: number;
  /** 1 chosen for checkout, 0 not. */
  selected: number;
  created_at: number;
  updated_at: number;
}

declare module '@kernel/server/database' {
  interface Database {
    cart_line: CartLineTable;
  }
}
