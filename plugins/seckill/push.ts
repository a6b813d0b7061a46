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

/** An item as a push reads it: a row of seckill_goods (numbers may come back as strings) and the quantity moved. */
interface PushedItem {
  itemId: number;
  quantity: number | string;
  sold: number | string;
  stock: number | string;
  session_id: number | string;
  goods_id: number | string;
}

/** The push telling of `event` on an item, with what is left of it now. */
export function seckillPush(event: SeckillPush['event'], item: PushedItem): SeckillPush {
  return {
    type: 'seckill',
    event,
    seckill_id: Number(item.session_id),
    goods_id: Number(item.goods_id),
    buy_num: Number(item.quantity),
    item_id: item.itemId,
    left: Math.max(0, Number(item.stock) - Number(item.sold)),
  };
}

/** The push for an order given back, or null when it is no flash-sale order or was not released. */
async function releasePush(tx: Tx, orderId: number): Promise<SeckillPush | null> {
  const row = await tx
    .selectFrom('seckill_order as o')
    .innerJoin('seckill_goods as i', 'i.id', 'o.item_id')
    .select(['o.quantity', 'o.released_at', 'i.id', 'i.session_id', 'i.goods_id', 'i.stock', 'i.sold'])
    .where('o.order_id', '=', orderId)
    .executeTakeFirst();
  if (!row || row.released_at === null) return null;
  return seckillPush('release', { ...row, itemId: Number(row.id) });
}

export const seckillSubscribers: Subscriber[] = [
  subscribe(orderCancelled, 'push-release', async (cancelled, ctx) => {
    if (cancelled.source !== SECKILL_SOURCE || cancelled.wasPaid) return;
    const message = await releasePush(ctx.tx, cancelled.orderId);
    if (message) ctx.services.hub.broadcast({ ...message });
  }),
] as Subscriber[];
