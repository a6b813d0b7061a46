/**
 * Every flash-sale purchase, and every unpaid order given back, pushed to every open socket,
 * visitors' included (spec §3): `{ type: 'seckill', event, seckill_id, goods_id, buy_num,
 * item_id, left }`. A purchase is pushed by the source the moment its order commits
 * (`afterCommit` in ./source.ts: the crowd's own pages learn of it at once; going through the
 * event deliverer took seconds under a flood). An order given back is pushed by a durable
 * subscriber of `order.cancelled`. Either way, never before the commit: a message never tells
 * of a purchase that rolled back.
 */
import { subscribe, type Subscriber } from '@kernel/server/events';
import type { Tx } from '@kernel/server/plugin';
import { orderCancelled } from '@plugins/order/public';
import type { SeckillPush } from './contract';
import { SECKILL_SOURCE } from './source';
import type {} from './tables';

/** The push for order `orderId`, or null when it is no flash-sale order (or, for a release, was not released). */
export async function pushFor(tx: Tx, orderId: number, event: SeckillPush['event']): Promise<SeckillPush | null> {
  const row = await tx
    .selectFrom('seckill_order as o')
    .innerJoin('seckill_goods as i', 'i.id', 'o.item_id')
    .select(['o.quantity', 'o.released_at', 'i.id', 'i.session_id', 'i.goods_id', 'i.stock', 'i.sold'])
    .where('o.order_id', '=', orderId)
    .executeTakeFirst();
  if (!row || (event === 'release' && row.released_at === null)) return null;
  return {
    type: 'seckill',
    event,
    seckill_id: Number(row.session_id),
    goods_id: Number(row.goods_id),
    buy_num: Number(row.quantity),
    item_id: Number(row.id),
    left: Math.max(0, Number(row.stock) - Number(row.sold)),
  };
}

/** The push of a purchase, from the item as its conditional update returned it. */
export function buyPush(taken: { itemId: number; quantity: number; sold: number | string; stock: number | string; session_id: number | string; goods_id: number | string }): SeckillPush {
  return {
    type: 'seckill',
    event: 'buy',
    seckill_id: Number(taken.session_id),
    goods_id: Number(taken.goods_id),
    buy_num: taken.quantity,
    item_id: taken.itemId,
    left: Math.max(0, Number(taken.stock) - Number(taken.sold)),
  };
}

export const seckillSubscribers: Subscriber[] = [
  subscribe(orderCancelled, 'push-release', async (cancelled, ctx) => {
    if (cancelled.source !== SECKILL_SOURCE || cancelled.wasPaid) return;
    const message = await pushFor(ctx.tx, cancelled.orderId, 'release');
    if (message) ctx.services.hub.broadcast({ ...message });
  }),
] as Subscriber[];
