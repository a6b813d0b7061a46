/**
 * Giving an unpaid flash-sale order's stock back (cancelled or expired), in that move's
 * transaction. The order's row is marked released with a conditional update first: only the
 * move that marks it gives anything back, so a cancel racing an expiry returns the stock once
 * (and the order hub only cancels an unpaid order, conditionally: never after a payment).
 * The session's row is locked first, as the unsold-stock job locks it: when that job already
 * gave the session's unsold stock to the SKU, the order's stock goes to the SKU too.
 */
import { releaseStock } from '@plugins/goods/public';
import type { Tx } from '@kernel/server/plugin';
import type {} from './tables';

export interface Released {
  itemId: number;
  sessionId: number;
  goodsId: number;
  skuId: number;
  quantity: number;
  /** What is left of the item after it. */
  left: number;
}

/** null when the order is not a flash-sale one or was released already. */
export async function releaseSeckillOrder(tx: Tx, orderId: number, now: number): Promise<Released | null> {
  const marked = await tx
    .updateTable('seckill_order')
    .set({ released_at: now })
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .returning(['item_id', 'user_id', 'quantity'])
    .executeTakeFirst();
  if (!marked) return null;
  const itemId = Number(marked.item_id);
  const n = Number(marked.quantity);
  const item = await tx.selectFrom('seckill_goods').select(['session_id', 'goods_id', 'sku_id']).where('id', '=', itemId).executeTakeFirstOrThrow();
  const session = await tx
    .updateTable('seckill_session')
    .set((eb) => ({ unsold_returned_at: eb.ref('unsold_returned_at') }))
    .where('id', '=', item.session_id)
    .returning(['unsold_returned_at'])
    .executeTakeFirstOrThrow();
  const returned = session.unsold_returned_at !== null;
  // After the unsold went back, the item holds only what was sold: the SKU gets this back too.
  const after = await tx
    .updateTable('seckill_goods')
    .set((eb) => ({ sold: eb('sold', '-', n), ...(returned ? { stock: eb('stock', '-', n) } : {}) }))
    .where('id', '=', itemId)
    .returning(['stock', 'sold'])
    .executeTakeFirstOrThrow();
  if (returned) await releaseStock(tx, item.sku_id, n);
  await tx
    .updateTable('seckill_quota')
    .set((eb) => ({ bought: eb('bought', '-', n) }))
    .where('item_id', '=', itemId)
    .where('user_id', '=', Number(marked.user_id))
    .execute();
  return { itemId, sessionId: Number(item.session_id), goodsId: Number(item.goods_id), skuId: Number(item.sku_id), quantity: n, left: Number(after.stock) - Number(after.sold) };
}
