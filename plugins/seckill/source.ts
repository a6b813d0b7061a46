/**
 * The `seckill` order source. `lines`: the SKU in the session running now, at the flash price,
 * refusing what cannot be bought (advisory: the quota as counted so far). `reserve`, last in the
 * placing transaction (READ COMMITTED, hot rows): one conditional update takes the item's stock
 * (none left: sold out), then ONE atomic write counts the shopper's purchase against the quota
 * (an upsert whose update only happens within the quota; no row back: over the quota, and the
 * whole transaction, the stock too, rolls back). Never "count the past orders, then insert".
 * The purchase is pushed to every socket once the order commits (`afterCommit`).
 * `release` (./release.ts) gives an unpaid order's stock back at most once. Goods seen sold out
 * are refused from this node's memory for a moment (`refuseEarly`, ./sold-out.ts).
 */
import { BizError } from '@kernel/core/errors';
import { sql } from 'kysely';
import { statement } from '@kernel/server/db-statement';
import { afterCommit } from '@kernel/server/hot-transaction';
import { skusForSale } from '@plugins/goods/public';
import type { OrderSourceDef } from '@plugins/order/public';
import { boughtOf, runningItem } from './offer';
import { seckillPush } from './push';
import { releaseSeckillOrder } from './release';
import { forgetSoldOut, rememberSoldOut, seenSoldOut } from './sold-out';
import type { SeckillSettings } from './settings';

export const SECKILL_SOURCE = 'seckill';

const takeItem = statement((db, a: { id: number; n: number }) =>
  db
    .updateTable('seckill_goods')
    .set((eb) => ({ sold: eb('sold', '+', a.n) }))
    .where('id', '=', a.id)
    .where(sql<boolean>`sold + ${a.n} <= stock`)
    .returning(['quota', 'sold', 'stock', 'session_id', 'goods_id']),
);

const countQuota = statement((db, a: { itemId: number; userId: number; n: number; quota: number }) =>
  db
    .insertInto('seckill_quota')
    .values({ item_id: a.itemId, user_id: a.userId, bought: a.n })
    .onConflict((oc) =>
      oc
        .columns(['item_id', 'user_id'])
        .doUpdateSet({ bought: sql`seckill_quota.bought + excluded.bought` })
        .where(sql<boolean>`seckill_quota.bought + excluded.bought <= ${a.quota}`),
    )
    .returning(['bought']),
);

export const seckillSource: OrderSourceDef = {
  id: SECKILL_SOURCE,
  terms(settingsOf) {
    const settings = settingsOf('seckill') as Partial<SeckillSettings>;
    return { payMinutes: settings.payMinutes, adjusters: settings.combineCoupons === 1 };
  },
  refuseEarly({ payload, now, services }) {
    if (payload.goods_id && payload.sku_id && seenSoldOut(services, payload.goods_id, payload.sku_id, now)) throw new BizError('seckill:message.sold_out');
  },
  async lines(tx, { userId, payload, lang, now, services }) {
    if (!payload.goods_id || !payload.sku_id) throw new BizError('order:message.choose_sku');
    const n = payload.num ?? 1;
    const { item, session } = await runningItem(tx, payload.goods_id, payload.sku_id, now);
    // READ COMMITTED: what this read saw was committed. Nothing left: the next ones are refused from memory.
    if (item.sold >= item.stock) rememberSoldOut(services, item.goods_id, item.sku_id, session);
    const bought = (await boughtOf(tx, userId, [item.id])).get(item.id) ?? 0;
    if (bought + n > item.quota) throw new BizError('seckill:message.over_quota', { quota: item.quota, bought }, { available: Math.max(0, item.quota - bought) });
    if (item.sold + n > item.stock) throw new BizError('seckill:message.sold_out');
    const sku = (await skusForSale(tx, [item.sku_id], lang)).get(item.sku_id);
    if (!sku) throw new BizError('seckill:message.not_in_sale');
    return [{ sku: { ...sku, price: item.price, stock: item.stock - item.sold }, quantity: n, ref: item.id }];
  },
  async reserve(tx, { userId, orderId, lines, services }) {
    for (const line of lines) {
      const itemId = line.ref ?? 0;
      const [taken] = (await takeItem(tx, { id: itemId, n: line.quantity })).rows;
      if (!taken) throw new BizError('seckill:message.sold_out');
      // Told to every open page the moment the order commits (./push.ts), never if it rolls back.
      const bought = seckillPush('buy', { itemId, quantity: line.quantity, ...taken });
      afterCommit(tx, () => void services.hub.broadcast({ ...bought }));
      const quota = Number(taken.quota);
      if (line.quantity > quota) throw new BizError('seckill:message.over_quota', { quota, bought: 0 });
      const [counted] = (await countQuota(tx, { itemId, userId, n: line.quantity, quota })).rows;
      if (!counted) throw new BizError('seckill:message.over_quota', { quota, bought: quota });
      await tx.insertInto('seckill_order').values({ order_id: orderId, item_id: itemId, user_id: userId, quantity: line.quantity, released_at: null }).execute();
    }
  },
  async release(tx, order) {
    // Never after a payment: a paid flash-sale order refunded keeps its stock sold.
    if (order.paid) return;
    const released = await releaseSeckillOrder(tx, order.orderId, order.now);
    // Forgotten now, whatever the move's transaction: a rollback only loses a hint.
    if (released) forgetSoldOut(order.services, released.goodsId, released.skuId);
  },
};
