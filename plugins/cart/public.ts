/**
 * What other plugins may use of the cart on the server. The cart's own order source
 * (./order-source.ts) uses both inside the placing transaction, so an order and the removal of the
 * lines it was made from commit together or not at all:
 *
 *   const lines = await selectedLines(tx, user.id);          // what the shopper ticked, buyable now
 *   … price and reserve each { goodsId, skuId, quantity } through @plugins/goods/public …
 *   await removeLines(tx, user.id, lines.map((l) => l.lineId));
 */
import type { Db, Tx } from '@kernel/server/plugin';
import { buyable } from './lines';
import { skusOf, storedLines } from './service';
import type {} from './tables';

export interface SelectedLine {
  lineId: number;
  goodsId: number;
  skuId: number;
  /** At least 1; it may exceed the stock (the stock may have dropped since): the order's stock update decides. */
  quantity: number;
}

/**
 * The shopper's selected lines that can be bought now, newest first — exactly those the cart
 * page shows as selected: the goods is on sale, the SKU belongs to it and has stock. Lines that
 * cannot be bought stay in the cart, left out here. No prices: read them from the catalogue.
 */
export async function selectedLines(tx: Tx | Db, userId: number): Promise<SelectedLine[]> {
  const lines = await storedLines(tx, userId, true);
  const skus = await skusOf(tx, lines);
  return lines
    .filter((line) => buyable(line, skus.get(Number(line.sku_id))))
    .map((line) => ({ lineId: Number(line.id), goodsId: Number(line.goods_id), skuId: Number(line.sku_id), quantity: Number(line.quantity) }));
}

/** Removes the shopper's lines among `lineIds` (other shoppers' ids are ignored); returns how many went. */
export async function removeLines(tx: Tx | Db, userId: number, lineIds: readonly number[]): Promise<number> {
  if (lineIds.length === 0) return 0;
  const result = await tx.deleteFrom('cart_line').where('user_id', '=', userId).where('id', 'in', [...lineIds]).executeTakeFirst();
  return Number(result.numDeletedRows);
}
